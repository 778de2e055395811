/**
 * Runs the "Getting started for data providers" tutorial against an in-process platform (testkit) and
 * prints each command with its real output, for the portal page. Needs Postgres, NATS and Temporal.
 *   node --import tsx clients/cli/bench/tutorial-capture.ts
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process'
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { configureProject, startPlatform } from '@ligature/testkit'
import { startWorkerProcess } from '@ligature/workflows/worker'
import { writeSource } from '../test/source-csv.js'

const cliDir = new URL('..', import.meta.url).pathname
execFileSync(process.execPath, ['build.mjs'], { cwd: cliDir })
const platform = await startPlatform()
const worker = await startWorkerProcess(platform.workerConfig())
const dir = await mkdtemp(join(tmpdir(), 'ligature-tutorial-'))
await configureProject(platform.url, platform.adminToken, { project: 'DEMO', provider: 'HEALTH', eventTypes: ['HOSPADM'], importFormat: {
  name: 'Admissions CSV', columnType: 3, columns: [
    { name: 'rec_id', linkageField: 'sourceUniqueId' }, { name: 'given', linkageField: 'givenName' }, { name: 'family', linkageField: 'surname' },
    { name: 'dob', linkageField: 'dateOfBirth', format: 'dd/MM/yyyy' }, { name: 'sex', linkageField: 'sex' }, { name: 'state', linkageField: 'state' },
  ] } })
await writeSource(join(dir, 'admissions.csv'), { records: 1000, seed: 5 })
const env = { ...process.env, LIGATURE_CONFIG: join(dir, 'config.json'), LIGATURE_URL: '', LIGATURE_TOKEN: '', FORCE_COLOR: '0' }

/** Async: the platform runs in this process, so a blocking spawnSync would stop it from answering. */
async function run(args: string[], input = '') {
  const tidy = (text: string) => text.replaceAll(platform.url, 'http://localhost:8080').replaceAll(dir, '.')
  console.log(tidy(`$ ligature ${args.map((a) => (/\s/.test(a) ? `'${a}'` : a)).join(' ')}`))
  const child = spawn(join(cliDir, 'bin/ligature.js'), args, { cwd: dir, env })
  let text = ''
  child.stdout.on('data', (c: Buffer) => { text += c.toString() })
  child.stderr.on('data', (c: Buffer) => { text += c.toString() })
  child.stdin.end(input)
  const code = await new Promise<number | null>((r) => child.on('close', r))
  process.stdout.write(tidy(text))
  console.log(`[exit ${code}]\n`)
}

await run(['login', '--url', platform.url, '--token-stdin'], platform.adminToken + '\n')
await run(['definition', 'pull', 'DEMO', 'HOSPADM'])
await run(['envelope', 'map', '--definition', 'DEMO-HOSPADM.json', '--data', 'admissions.csv', '--map', 'map.yaml', '--yes'])
await writeFile(join(dir, 'map.yaml'), `version: 1
columns:
  rec_id: Person ID
  given: First name
  family: { source: Family name, clean: [removePunctuation] }
  dob: { source: Birth date, dateFormat: d/M/yyyy }
  sex: Gender
  state: State
`)
await run(['envelope', 'build', '--definition', 'DEMO-HOSPADM.json', '--data', 'admissions.csv', '--map', 'map.yaml', '--out', 'health-2026-11.zip'])
await run(['envelope', 'build', '--definition', 'DEMO-HOSPADM.json', '--data', 'admissions.csv', '--map', 'map.yaml', '--out', 'health-2026-11.zip', '--skip-invalid'])
await run(['envelope', 'send', 'health-2026-11.zip', '--follow'])
await run(['envelope', 'send', 'health-2026-11.zip'])
await run(['extract', 'E2026110001', '--project', 'DEMO', '--event-type', 'HOSPADM', '--out', 'keys'])
console.log(`(head of admissions.csv)\n${spawnSync('head', ['-3', join(dir, 'admissions.csv')], { encoding: 'utf8' }).stdout}`)
await worker.stop()
await platform.close()
