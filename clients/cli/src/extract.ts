/**
 * `ligature extract` and `ligature results …` against the results service's routes
 * (contracts/src/routes/results.ts): request an extraction, wait for it, fetch and unpack its result zips.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { ApiClient } from './api.js'
import { ApiError, CliError, ExitCode } from './errors.js'
import { followEnvelope, type FollowResult } from './follow.js'
import { buildIdsEnvelope } from './ids-envelope.js'
import { ENVELOPE_NAME } from './manifest.js'
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
  await api.download(`/results/${result.id}/download`, zip).catch((e: unknown) => {
    // Deleted between the listing and the download: the platform answers 410 Gone with its catalogue sentence.
    if (e instanceof ApiError && e.status === 410) throw new CliError(`Result ${result.id} (${result.name}) can no longer be downloaded: ${e.message}`)
    throw e
  })
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

export interface EnvelopeExtractionResult {
  envelope: FollowResult['envelope']
  ids: number
  /** The platform's count of listed ids not in the map (job stat `Ids not found`), and its notification naming them. */
  idsNotFound: number
  notFoundMessages: string[]
  extractions: Extraction[]
  results: DownloadedResult[]
}

const statOf = (jobs: FollowResult['jobs'], name: string) =>
  jobs.reduce((n, j) => n + Number(j.stats.find((s) => s.name === name)?.value ?? 0), 0)

/**
 * `ligature extract --ids FILE`: an extraction envelope for those Source Unique IDs is built, uploaded and
 * followed; then every extraction it started (`GET /envelopes/{name}/extractions`) has its results downloaded
 * and unzipped. The sender is the event type's data provider, read from the project definition file.
 */
export async function runEnvelopeExtraction(api: ApiClient, input: { extractionProjectId: string; projectCode: string; eventTypeCode: string; idsPath: string; name?: string },
  outDir: string, out: Output, opts: { intervalMs: number; timeoutMs: number }): Promise<EnvelopeExtractionResult> {
  const def = await api.json<{ eventType: { dataProviderCode: string | null } }>('GET',
    `/projects/${encodeURIComponent(input.projectCode)}/projectdefinitionfile/${encodeURIComponent(input.eventTypeCode)}`)
  const sender = def.eventType.dataProviderCode
  if (!sender) throw new CliError(`Event type ${input.eventTypeCode} names no data provider; the platform cannot take an envelope for it.`)
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15)
  const name = input.name ?? `extract-${input.extractionProjectId}-${input.eventTypeCode}-${stamp}`.replace(/[^A-Za-z0-9._-]+/g, '_')
  if (!ENVELOPE_NAME.test(name)) throw new CliError(`${name} cannot name an envelope: use letters, digits, '.', '_' or '-'.`)
  const work = await mkdtemp(join(tmpdir(), 'ligature-extract-'))
  try {
    const built = await buildIdsEnvelope({ idsPath: input.idsPath, out: join(work, `${name}.zip`), project: input.projectCode, sender,
      eventType: input.eventTypeCode, extractionProject: input.extractionProjectId })
    out.note(`Built extraction envelope ${name} for ${built.ids} Source Unique IDs.`)
    let bar: ReturnType<Output['progress']> | null = null
    await api.upload('/envelopes', built.file, `${name}.zip`, (sent, total) => { bar ??= out.progress('Uploading', total); bar.update(sent) })
    ;(bar as ReturnType<Output['progress']> | null)?.stop()
    const followed = await followEnvelope(api, name, out, opts)
    const notFoundMessages = followed.notifications.filter((n) => /not in the linkage map/.test(n.message)).map((n) => n.message)
    const extractions = await api.json<Extraction[]>('GET', `/envelopes/${encodeURIComponent(name)}/extractions?limit=1000`)
    if (followed.envelope.statusName !== 'Complete') {
      throw new CliError(`Extraction envelope ${name} ${followed.envelope.statusName}; see \`ligature envelope status ${name}\`.`, ExitCode.failed)
    }
    const results: DownloadedResult[] = []
    for (const x of extractions) {
      for (const r of await api.json<Result[]>('GET', `/extractions/${x.id}/results?limit=1000`)) results.push(await downloadResult(api, r, outDir, true))
    }
    return { envelope: followed.envelope, ids: built.ids, idsNotFound: statOf(followed.jobs, 'Ids not found'), notFoundMessages, extractions, results }
  } finally {
    await rm(work, { recursive: true, force: true })
  }
}
