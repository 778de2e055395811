/**
 * What the CLI's end-to-end tests share: the bundle users install (built once per test file), run as a child
 * process against a platform with its own config folder, plus the API calls a project manager makes
 * (strategies, extraction projects) and a reader for the extraction output.
 */
import { execFile, execFileSync } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { parse } from 'csv-parse/sync'
import { api } from '@ligature/testkit'

const cliDir = new URL('..', import.meta.url).pathname

export interface CliRun { code: number; stdout: string; stderr: string }

/** Builds the bundle and returns a runner working in `dir` with its config in `dir/config`. */
export function cliRunner(dir: string) {
  execFileSync(process.execPath, ['build.mjs'], { cwd: cliDir })
  const bundle = join(cliDir, 'build/ligature.js')
  const env = { ...process.env, LIGATURE_CONFIG: join(dir, 'config', 'ligature.json'), LIGATURE_URL: '', LIGATURE_TOKEN: '', FORCE_COLOR: '0' }
  const run = (args: string[], input?: string): Promise<CliRun> => new Promise((done) => {
    const child = execFile(process.execPath, [bundle, ...args], { cwd: dir, env, maxBuffer: 1 << 26 }, (err, stdout, stderr) =>
      done({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr }))
    child.stdin?.end(input ?? '')
  })
  return { run, env }
}

/** A JSON API call as the admin; throws on any non-2xx answer with the platform's text. */
export function adminCaller(baseUrl: string, token: string) {
  return async (method: string, path: string, body?: unknown) => {
    const res = await api(baseUrl, method, `/api/v3.3${path}`, { token, ...(body === undefined ? {} : { body }) })
    if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}: ${res.text}`)
    return res.json
  }
}

export interface StrategyInput {
  name: string; order: number; threshold: number; isActive: boolean
  blockingFields: { matchProviderFieldName: string; matchEmpty?: boolean }[]
  matchingFields: { matchProviderFieldName: string; comparisonTypeName: string; matchProbability: number; nonMatchProbability: number }[]
}

/** Replaces a project's strategies (the defaults block on clear-text codes a PPRL project does not have). */
export async function replaceStrategies(call: ReturnType<typeof adminCaller>, project: string, strategies: StrategyInput[]) {
  for (const s of await call('GET', `/projects/${project}/matchconfig/strategies`) as { id: number }[]) {
    await call('DELETE', `/projects/${project}/matchconfig/strategies/${s.id}`)
  }
  for (const s of strategies) await call('POST', `/projects/${project}/matchconfig/strategies`, s)
}

/** `Person Key` by `Source Unique ID` from an unzipped result's data-extract.csv. */
export async function keysFromExtract(csvPath: string): Promise<Map<string, string>> {
  const rows = parse<Record<string, string>>(await readFile(csvPath, 'utf8'), { columns: true })
  return new Map(rows.map((r) => [r['Source Unique ID']!, r['Person Key']!]))
}
