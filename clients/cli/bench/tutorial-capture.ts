/**
 * Runs the "Getting started for data providers" tutorial against an in-process platform (testkit) and
 * prints each command with its real output, for the portal page. Needs Postgres, NATS and Temporal.
 *   node --import tsx clients/cli/bench/tutorial-capture.ts
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process'
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { api, configureProject, startPlatform } from '@ligature/testkit'
import { startWorkerProcess } from '@ligature/workflows/worker'
import { writeSource } from '../test/source-csv.js'
import { adminCaller, replaceStrategies } from '../test/platform-harness.js'

const cliDir = new URL('..', import.meta.url).pathname
execFileSync(process.execPath, ['build.mjs'], { cwd: cliDir })
const platform = await startPlatform()
const worker = await startWorkerProcess(platform.workerConfig())
const dir = await mkdtemp(join(tmpdir(), 'ligature-tutorial-'))
const { project } = await configureProject(platform.url, platform.adminToken, { project: 'DEMO', provider: 'HEALTH', eventTypes: ['HOSPADM'], importFormat: {
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
// The project manager's part: an enduring extraction project whose id the provider is given.
const created = await api(platform.url, 'POST', '/api/v3.3/extractionprojects', { token: platform.adminToken,
  body: { projectId: project.id, code: 'HEALTH-KEYS', description: 'Linkage keys for Health', useEnduringLinkageKeys: true } })
const extractionProject = (created.json as { id: string }).id
await run(['extract', extractionProject, '--project', 'DEMO', '--event-type', 'HOSPADM', '--out', 'keys'])
console.log(`(head of the extract)\n${spawnSync('sh', ['-c', 'head -4 keys/*/data-extract.csv'], { cwd: dir, encoding: 'utf8' }).stdout}`)
await writeFile(join(dir, 'ids.txt'), 'P000000001\nP000000002\nP000000003\nP999999999\n')
await run(['extract', extractionProject, '--project', 'DEMO', '--event-type', 'HOSPADM', '--ids', 'ids.txt', '--name', 'health-ids-2026-11', '--out', 'some-keys'])
await run(['results', 'list'])
await run(['results', 'delete', '1'])
await run(['results', 'delete', '1'])
await run(['results', 'download', '1'])
// A Privacy project: names leave the provider only as Bloom filters (envelope-builder overview, "Bloom encoding").
await configureProject(platform.url, platform.adminToken, { project: 'PPRL', provider: 'CLINIC', eventTypes: ['VISITS'], importFormat: {
  name: 'Visits CSV', columnType: 3, columns: [
    { name: 'rec_id', linkageField: 'sourceUniqueId' }, { name: 'given', linkageField: 'givenName' }, { name: 'family', linkageField: 'surname' },
    { name: 'dob', linkageField: 'dateOfBirth', format: 'dd/MM/yyyy' }, { name: 'sex', linkageField: 'sex' }, { name: 'state', linkageField: 'state' },
    { name: 'given_bf', linkageField: 'givenNameBloom' }, { name: 'family_bf', linkageField: 'surnameBloom' },
  ] } })
const bloomName = (field: string) => ({ matchProviderFieldName: field, comparisonTypeName: 'Bloom', matchProbability: 0.9, nonMatchProbability: 0.01 })
await replaceStrategies(adminCaller(platform.url, platform.adminToken), 'PPRL', [{ name: 'Date of birth', order: 1, threshold: 6, isActive: true,
  blockingFields: [{ matchProviderFieldName: 'dateOfBirth' }],
  matchingFields: [bloomName('givenNameBloom'), bloomName('surnameBloom'), { matchProviderFieldName: 'sex', comparisonTypeName: 'Exact', matchProbability: 0.95, nonMatchProbability: 0.5 }] }])
await writeFile(join(dir, 'bloom.key'), 'agreed-between-the-providers-only-2026\n')
await run(['definition', 'pull', 'PPRL', 'VISITS'])
await run(['envelope', 'build', '--definition', 'PPRL-VISITS.json', '--data', 'admissions.csv', '--map', 'map.yaml', '--out', 'visits-2026-11.zip', '--skip-invalid'])
await run(['envelope', 'build', '--definition', 'PPRL-VISITS.json', '--data', 'admissions.csv', '--map', 'map.yaml', '--out', 'visits-2026-11.zip', '--skip-invalid', '--encode', 'bloom', '--secret-file', 'bloom.key'])
console.log(`(head of VISITS.csv in the envelope)\n${spawnSync('sh', ['-c', 'unzip -p visits-2026-11.zip VISITS.csv | head -3'], { cwd: dir, encoding: 'utf8' }).stdout}`)
await run(['envelope', 'send', 'visits-2026-11.zip', '--follow'])
console.log(`(head of admissions.csv)\n${spawnSync('head', ['-3', join(dir, 'admissions.csv')], { encoding: 'utf8' }).stdout}`)
await worker.stop()
await platform.close()
