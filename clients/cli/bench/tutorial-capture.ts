/**
 * Runs the "Getting started for data providers" tutorial against an in-process platform (testkit) and
 * prints each command with its real output, for the portal page. Needs Postgres, NATS and Temporal.
 *   node --import tsx clients/cli/bench/tutorial-capture.ts
 */
import { execFileSync, spawnSync } from 'node:child_process'
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
  ] } as never })
await writeSource(join(dir, 'admissions.csv'), { records: 1000, seed: 5 })
const env = { ...process.env, LIGATURE_CONFIG: join(dir, 'config.json'), LIGATURE_URL: '', LIGATURE_TOKEN: '', FORCE_COLOR: '0' }

function run(args: string[], input = '') {
  const shown = args.map((a) => (/\s/.test(a) ? `'${a}'` : a)).join(' ')
  console.log(`$ ligature ${shown}`)
  const res = spawnSync(process.execPath, [join(cliDir, 'build/ligature.js'), ...args], { cwd: dir, env, input, encoding: 'utf8' })
  process.stdout.write((res.stdout + res.stderr).replaceAll(platform.url, 'http://localhost:8080').replaceAll(dir, '.'))
  console.log(`[exit ${res.status}]\n`)
}

run(['login', '--url', platform.url, '--token-stdin'], platform.adminToken + '\n')
run(['definition', 'pull', 'DEMO', 'HOSPADM'])
run(['envelope', 'map', '--definition', 'DEMO-HOSPADM.json', '--data', 'admissions.csv', '--map', 'map.yaml', '--yes'])
await writeFile(join(dir, 'map.yaml'), `version: 1
columns:
  rec_id: Person ID
  given: First name
  family: { source: Family name, clean: [removePunctuation] }
  dob: { source: Birth date, dateFormat: d/M/yyyy }
  sex: Gender
  state: State
`)
run(['envelope', 'build', '--definition', 'DEMO-HOSPADM.json', '--data', 'admissions.csv', '--map', 'map.yaml', '--out', 'health-2026-11.zip'])
run(['envelope', 'build', '--definition', 'DEMO-HOSPADM.json', '--data', 'admissions.csv', '--map', 'map.yaml', '--out', 'health-2026-11.zip', '--skip-invalid'])
run(['envelope', 'send', 'health-2026-11.zip', '--follow'])
run(['envelope', 'send', 'health-2026-11.zip'])
run(['extract', 'E2026110001', '--project', 'DEMO', '--event-type', 'HOSPADM', '--out', 'keys'])
console.log(`(head of admissions.csv)\n${spawnSync('head', ['-3', join(dir, 'admissions.csv')], { encoding: 'utf8' }).stdout}`)
await worker.stop()
await platform.close()
