/**
 * `ligature extract` and `ligature results …` against the results service's routes
 * (contracts/src/routes/results.ts): request an extraction, wait for it, fetch and unpack its result zips.
 */
import { mkdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import type { ApiClient } from './api.js'
import { CliError, ExitCode } from './errors.js'
import type { Output } from './output.js'
import type { Extraction, Result } from './types.js'
import { unzip } from './unzip.js'

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

export async function waitForExtraction(api: ApiClient, id: number, out: Output, opts: { intervalMs: number; timeoutMs: number }): Promise<Extraction> {
  const deadline = Date.now() + opts.timeoutMs
  let last = ''
  for (;;) {
    const extraction = await api.json<Extraction>('GET', `/extractions/${id}`)
    if (extraction.statusName !== last) { out.note(`extraction ${id}: ${extraction.statusName}`); last = extraction.statusName }
    if (extraction.statusName === 'Complete' || extraction.statusName === 'Failed') return extraction
    if (Date.now() > deadline) throw new CliError(`Extraction ${id} is still ${extraction.statusName} after ${Math.round(opts.timeoutMs / 1000)} s.`)
    await sleep(opts.intervalMs)
  }
}

export interface DownloadedResult { id: number; name: string; zip: string; files: string[] }

/** Downloads one result into `dir` as `<name>.zip` and, unless `keepZip` only, unpacks it beside into `<name>/`. */
export async function downloadResult(api: ApiClient, result: Result, dir: string, unpack: boolean): Promise<DownloadedResult> {
  if (!result.canDownload) throw new CliError(`Result ${result.id} (${result.name}) can no longer be downloaded: its file was deleted.`)
  await mkdir(dir, { recursive: true })
  const base = result.name.replace(/\.zip$/i, '').replace(/[^A-Za-z0-9._-]+/g, '_') || `result-${result.id}`
  const zip = join(dir, `${base}.zip`)
  await api.download(`/results/${result.id}/download`, zip)
  if (!unpack) return { id: result.id, name: result.name, zip, files: [] }
  const target = join(dir, base)
  await rm(target, { recursive: true, force: true })
  return { id: result.id, name: result.name, zip, files: await unzip(zip, target) }
}

export async function runExtraction(api: ApiClient, input: { extractionProjectId: string; projectCode: string; eventTypeCode: string },
  outDir: string, out: Output, opts: { intervalMs: number; timeoutMs: number }) {
  const created = await api.json<Extraction>('POST', '/extractions', input)
  out.note(`extraction ${created.id} requested (${created.statusName})`)
  const done = await waitForExtraction(api, created.id, out, opts)
  if (done.statusName !== 'Complete') {
    throw new CliError(`Extraction ${done.id} failed; see \`ligature results list --extraction ${done.id}\` and the platform's notifications.`, ExitCode.failed)
  }
  const results = await api.json<Result[]>('GET', `/extractions/${done.id}/results?limit=1000`)
  const downloaded: DownloadedResult[] = []
  for (const r of results) downloaded.push(await downloadResult(api, r, outDir, true))
  return { extraction: done, results: downloaded }
}
