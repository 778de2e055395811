// The test command: real Postgres, NATS and Temporal (reused when reachable, started otherwise), the build
// (OpenAPI document, portal with its link check), `tsc --noEmit` over every package, ESLint over every package
// and deploy/, then every tap suite. A failed build, typecheck or lint counts as a failed step. Prints the failing tests, then
// `N passed, N failed` last.
import { spawn } from 'node:child_process'
import { rm } from 'node:fs/promises'
import { resolve } from 'node:path'
import { ensureInfra } from './infra.js'
import { failuresUnder } from './tap-failures.js'
import { summarise } from './tap-summary.js'

const root = resolve(import.meta.dirname, '../..')
const log = (m: string) => console.error(`test: ${m}`)

const infra = await ensureInfra({ dataDir: resolve(root, '.data/test'), log })
const adminDb = new URL(infra.databaseUrl)
adminDb.pathname = '/postgres'
const env = {
  ...process.env,
  DATABASE_URL: infra.databaseUrl, NATS_URL: infra.natsUrl, TEMPORAL_ADDRESS: infra.temporalAddress,
  LIGATURE_TEST_ADMIN_DATABASE_URL: adminDb.toString(), SCARF_ANALYTICS: 'false', FORCE_COLOR: '0',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
}

const runStep = (cmd: string, args: string[], capture = false) => new Promise<{ code: number; output: string }>((done) => {
  const child = spawn(cmd, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => { process.stdout.write(chunk); if (capture) output += chunk.toString() })
  child.on('close', (code) => done({ code: code ?? 1, output }))
})

const failedSteps: string[] = []
const build = await runStep('npx', ['turbo', 'run', 'build', '--output-logs=errors-only'])
if (build.code !== 0) { log('the build failed (see above)'); failedSteps.push('build') }
const typecheck = await runStep('npx', ['turbo', 'run', 'typecheck', 'typecheck:repo', '--output-logs=errors-only'])
if (typecheck.code !== 0) { log('the typecheck failed (see above)'); failedSteps.push('typecheck') }
const lint = await runStep('npx', ['turbo', 'run', 'lint', 'lint:repo', '--output-logs=errors-only'])
if (lint.code !== 0) { log('the lint failed (see above)'); failedSteps.push('lint') }

// tap keeps earlier runs' results of files it does not run now; the failure list must name only this run's.
const resultsDir = resolve(root, '.tap/test-results')
await rm(resultsDir, { recursive: true, force: true })
const tap = await runStep('npx', ['tap', ...process.argv.slice(2)], true)
await infra.stop()
const counts = summarise(tap.output)
// Repeated last, above the count, because CI keeps only the tail of the run.
const failures = await failuresUnder(resultsDir)
for (const step of failedSteps) console.log(`failed: the ${step} step (see its errors above)`)
for (const failure of failures.slice(0, 40)) console.log(`failed: ${failure}`)
if (failures.length > 40) console.log(`failed: … and ${failures.length - 40} more (see above)`)
const failed = counts.failed + failedSteps.length + (tap.code !== 0 && counts.failed === 0 ? 1 : 0)
console.log(`${counts.passed} passed, ${failed} failed`)
process.exit(failed > 0 ? 1 : 0)
