/**
 * The provider toolkit end to end against the running platform (gateway, services, worker, Postgres, NATS,
 * Temporal): `ligature login`, `definition pull`, `envelope build` from a provider's CSV, `envelope send
 * --follow`, `extract` (whole map, and `--ids` as an extraction envelope), `results delete`: every record sent
 * must come back with a linkage key. The CLI runs as the bundle users install.
 */
import t from 'tap'
import { mkdtemp, readFile, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parse } from 'csv-parse/sync'
import { configureProject, startPlatform } from '@ligature/testkit'
import { startWorkerProcess } from '@ligature/workflows/worker'
import { unzip } from '../src/unzip.js'
import { SOURCE_MAPPING, writeSource } from './source-csv.js'
import { adminCaller, cliRunner, keysFromExtract } from './platform-harness.js'

const platform = await startPlatform()
t.teardown(() => platform.close())
const worker = await startWorkerProcess(platform.workerConfig())
t.teardown(() => worker.stop())
const dir = await mkdtemp(join(tmpdir(), 'ligature-cli-'))
const { run: ligature, env } = cliRunner(dir)
const call = adminCaller(platform.url, platform.adminToken)

// Column names as a provider's import format would spell them (what the definition file then lists).
const IMPORT_FORMAT = {
  name: 'Admissions CSV', columnType: 3,
  columns: [
    { name: 'rec_id', linkageField: 'sourceUniqueId' },
    { name: 'given', linkageField: 'givenName' },
    { name: 'family', linkageField: 'surname' },
    { name: 'dob', linkageField: 'dateOfBirth', format: 'dd/MM/yyyy' },
    { name: 'sex', linkageField: 'sex' },
    { name: 'state', linkageField: 'state' },
  ],
}
const { project } = await configureProject(platform.url, platform.adminToken, { project: 'CLIDEMO', provider: 'HEALTH', eventTypes: ['HOSP'], importFormat: IMPORT_FORMAT })

t.test('login stores the URL and token for the user only, and a bad token is refused with the catalogue message', async (t) => {
  const bad = await ligature(['login', '--url', platform.url, '--token-stdin'], 'not-a-token\n')
  t.equal(bad.code, 1)
  t.match(bad.stderr, /^ligature: /)
  t.notMatch(bad.stderr, /\n\s+at /, 'no stack trace')
  const ok = await ligature(['login', '--url', `${platform.url}/api/v3.3/`, '--token-stdin'], `${platform.adminToken}\n`)
  t.equal(ok.code, 0, ok.stderr)
  const saved = await stat(env.LIGATURE_CONFIG)
  t.equal(saved.mode & 0o777, 0o600)
  t.same(JSON.parse(await readFile(env.LIGATURE_CONFIG, 'utf8')), { url: platform.url, token: platform.adminToken })
})

t.test('pull, build, send --follow: the envelope completes and every record gets a key', async (t) => {
  const pulled = await ligature(['definition', 'pull', 'CLIDEMO', 'HOSP', '-o', 'def.json'])
  t.equal(pulled.code, 0, pulled.stderr)
  const def = JSON.parse(await readFile(join(dir, 'def.json'), 'utf8'))
  t.match(def, { project: { code: 'CLIDEMO' }, eventType: { code: 'HOSP', dataProviderCode: 'HEALTH' }, importFormat: { columnType: 3 } })

  const { rows, truth } = await writeSource(join(dir, 'source.csv'), { records: 400, seed: 11, keepTruth: true })
  await writeFile(join(dir, 'map.yaml'), SOURCE_MAPPING)
  const built = await ligature(['--json', 'envelope', 'build', '--definition', 'def.json', '--data', 'source.csv', '--map', 'map.yaml', '--out', 'hosp-2026-11.zip', '--skip-invalid'])
  t.equal(built.code, 0, built.stderr + built.stdout)
  const summary = JSON.parse(built.stdout)
  t.match(summary, { envelope: 'hosp-2026-11', rowsRead: rows, requestType: 'linkage', encoded: false })
  t.equal(summary.rowsWritten + summary.rowsInvalid, rows)
  t.ok(summary.rowsWritten > rows * 0.95, `most rows are valid (${summary.rowsWritten}/${rows})`)

  const sent = await ligature(['--json', 'envelope', 'send', 'hosp-2026-11.zip', '--follow', '--interval', '0.3', '--timeout', '240'])
  t.equal(sent.code, 0, sent.stderr + sent.stdout)
  const followed = JSON.parse(sent.stdout)
  t.match(followed.envelope, { name: 'hosp-2026-11', statusName: 'Complete', typeName: 'Linkage' })
  const load = followed.jobs.find((j: { name: string }) => j.name === 'Load Linkage Request')
  t.equal(load.stats.find((s: { name: string }) => s.name === 'Records added')?.value, String(summary.rowsWritten), 'every written row was added')

  // Keys come back the way a provider gets them: `ligature extract` (POST /extractions), downloaded and unzipped.
  const extractionProject = (await call('POST', '/extractionprojects', { projectId: project.id, code: 'CLIDEMO-KEYS', description: 'Keys for the CLI test', useEnduringLinkageKeys: true }) as { id: string }).id
  const extracted = await ligature(['--json', 'extract', extractionProject, '--project', 'CLIDEMO', '--event-type', 'HOSP', '--out', 'keys', '--interval', '0.3', '--timeout', '120'])
  t.equal(extracted.code, 0, extracted.stderr)
  const got = JSON.parse(extracted.stdout) as { extraction: { statusName: string }; results: { id: number; zip: string; files: string[] }[] }
  t.equal(got.extraction.statusName, 'Complete')
  t.equal(got.results.length, 1)
  const keys = await keysFromExtract(join(dir, got.results[0]!.files.find((f) => f.endsWith('data-extract.csv'))!))
  // The ids the envelope carried, read back from its data file (rows the builder refused never left).
  const sentFile = (await unzip(join(dir, 'hosp-2026-11.zip'), join(dir, 'sent'))).find((f) => f.endsWith('HOSP.csv'))!
  const written = parse<{ rec_id: string }>(await readFile(sentFile, 'utf8'), { columns: true }).map((r) => r.rec_id)
  t.equal(written.length, summary.rowsWritten)
  t.ok(written.every((id) => truth.has(id)), 'every id sent is a record of the CSV')
  t.equal(keys.size, summary.rowsWritten, 'the extract holds every record sent, once')
  t.ok(written.every((id) => keys.has(id)), 'every record of the CSV that was sent has a key in the extract')
  t.ok([...keys.values()].every((k) => /^LK\d{12}$/.test(k)), 'enduring keys')
  // Records of one person (the generator's entity) should share a key; the figure is printed, the bar is loose.
  const byEntity = new Map<number, string[]>()
  for (const id of written) byEntity.set(truth.get(id)!, [...(byEntity.get(truth.get(id)!) ?? []), id])
  let truePairs = 0, shared = 0
  for (const ids of byEntity.values()) for (let i = 0; i < ids.length; i++) for (let j = i + 1; j < ids.length; j++) {
    truePairs++
    if (keys.get(ids[i]!) === keys.get(ids[j]!)) shared++
  }
  t.comment(`records of one person sharing a key: ${shared} of ${truePairs} pairs; ${new Set(keys.values()).size} keys for ${keys.size} records`)
  t.ok(truePairs > 0 && shared / truePairs > 0.5, 'most records of one person share its key')

  // --ids: a SubmitExtraction envelope for three known ids and one the platform does not hold.
  await writeFile(join(dir, 'ids.txt'), `${written[0]}\n${written[1]}\n\nNOT-A-RECORD\n${written[2]}\n`)
  const byIds = await ligature(['--json', 'extract', extractionProject, '--project', 'CLIDEMO', '--event-type', 'HOSP', '--ids', 'ids.txt', '--name', 'hosp-ids', '--out', 'ids-out', '--interval', '0.3', '--timeout', '120'])
  t.equal(byIds.code, 0, byIds.stderr)
  const idsResult = JSON.parse(byIds.stdout) as { envelope: { name: string; statusName: string; typeName: string }; ids: number; idsNotFound: number; notFoundMessages: string[]; extractions: unknown[]; results: { files: string[] }[] }
  t.match(idsResult, { envelope: { name: 'hosp-ids', statusName: 'Complete', typeName: 'Extraction' }, ids: 4, idsNotFound: 1 })
  t.match(idsResult.notFoundMessages[0], /NOT-A-RECORD/, 'the unknown id is named')
  t.equal(idsResult.extractions.length, 1)
  const idKeys = await keysFromExtract(join(dir, idsResult.results[0]!.files.find((f) => f.endsWith('data-extract.csv'))!))
  t.same([...idKeys.keys()].sort(), [written[0], written[1], written[2]].sort(), 'only the listed ids are extracted')
  t.ok([...idKeys].every(([id, k]) => keys.get(id) === k), 'with the same keys as the full extract')
  const human = await ligature(['extract', extractionProject, '--project', 'CLIDEMO', '--event-type', 'HOSP', '--ids', 'ids.txt', '--name', 'hosp-ids-2', '--out', 'ids-out-2', '--interval', '0.3'])
  t.equal(human.code, 0, human.stderr)
  t.match(human.stdout, /Envelope hosp-ids-2: Complete; 4 ids sent, 1 not in the linkage map; 1 result\(s\)\./)
  t.match(human.stdout, /NOT-A-RECORD/)

  // Deleting a result: 204, then 304 (message from X-Ligature-Message), then download is refused (410).
  const rid = String(got.results[0]!.id)
  const del = await ligature(['results', 'delete', rid])
  t.same([del.code, del.stdout], [0, `Deleted result ${rid}'s file.\n`])
  const again = await ligature(['results', 'delete', rid])
  t.equal(again.code, 0)
  t.equal(again.stdout, `Result ${rid}: Result file is already deleted. Nothing to do.\n`, 'the X-Ligature-Message text')
  const gone = await ligature(['results', 'download', rid, '--out', 'gone'])
  t.equal(gone.code, 1)
  t.match(gone.stderr, /can no longer be downloaded/)
  t.notMatch(gone.stderr, /\n\s+at /, 'no stack trace')

  // Deletion envelopes built from the same kind of CSV carry only the ids; the platform end-dates those records.
  const source = (await readFile(join(dir, 'source.csv'), 'utf8')).split('\n')
  const doomed = source.filter((line) => line.startsWith(`${written[0]},`) || line.startsWith(`${written[1]},`))
  await writeFile(join(dir, 'withdrawn.csv'), [source[0], ...doomed].join('\n') + '\n')
  const delBuilt = await ligature(['--json', 'envelope', 'build', '--type', 'deletion', '--definition', 'def.json', '--data', 'withdrawn.csv', '--map', 'map.yaml', '--out', 'hosp-withdrawn.zip'])
  t.equal(delBuilt.code, 0, delBuilt.stderr)
  const delFiles = await unzip(join(dir, 'hosp-withdrawn.zip'), join(dir, 'withdrawn'))
  t.equal(await readFile(delFiles.find((f) => f.endsWith('HOSP.txt'))!, 'utf8'), `${written[0]}\n${written[1]}\n`, 'one Source Unique ID per line, no header')
  t.match(await readFile(delFiles.find((f) => f.endsWith('manifest.xml'))!, 'utf8'), /<RequestType>SubmitDeletion<\/RequestType>/)
  const delSent = await ligature(['--json', 'envelope', 'send', 'hosp-withdrawn.zip', '--follow', '--interval', '0.3', '--timeout', '120'])
  t.equal(delSent.code, 0, delSent.stderr + delSent.stdout)
  const delJob = (JSON.parse(delSent.stdout) as { jobs: { name: string; stats: { name: string; value: string }[] }[] }).jobs.find((j) => j.name === 'Delete Records')!
  t.equal(delJob.stats.find((x) => x.name === 'Records end-dated')?.value, '2', 'both records end-dated')
  const after = await ligature(['--json', 'extract', extractionProject, '--project', 'CLIDEMO', '--event-type', 'HOSP', '--out', 'after', '--interval', '0.3', '--timeout', '120'])
  const afterKeys = await keysFromExtract(join(dir, (JSON.parse(after.stdout) as { results: { files: string[] }[] }).results[0]!.files.find((f) => f.endsWith('data-extract.csv'))!))
  t.equal(afterKeys.size, keys.size - 2, 'the deleted records are no longer extracted')
  t.notOk(afterKeys.has(written[0]!) || afterKeys.has(written[1]!))
  const noProject = await ligature(['envelope', 'build', '--type', 'extraction', '--definition', 'def.json', '--data', 'withdrawn.csv', '--map', 'map.yaml', '--out', 'x.zip'])
  t.equal(noProject.code, 1)
  t.match(noProject.stderr, /give --extraction-project ID/)
})

t.test('bad rows are reported with line numbers and nothing is written', async (t) => {
  await writeFile(join(dir, 'bad.csv'), 'Person ID,First name,Family name,Birth date,Gender,State\nA1,Ann,Lee,1/2/1990,F,NSW\n,Bob,Ray,3/4/1980,M,VIC\nA3,Cy,Day,31/2/1970,M,VIC\n')
  const res = await ligature(['envelope', 'build', '--definition', 'def.json', '--data', 'bad.csv', '--map', 'map.yaml', '--out', 'bad.zip'])
  t.equal(res.code, 2)
  t.match(res.stderr, /2 of 3 rows do not fit the definition; no envelope was written/)
  t.match(res.stderr, /line 3: rec_id: sourceUniqueId is required but blank/)
  t.match(res.stderr, /line 4: dob: "31\/2\/1970" is not a calendar date/)
  await t.rejects(stat(join(dir, 'bad.zip')), 'no zip left behind')
})

t.test('a Failed envelope makes send --follow exit 3; API errors print the catalogue message', async (t) => {
  const def = JSON.parse(await readFile(join(dir, 'def.json'), 'utf8'))
  def.project.code = 'NOSUCH'
  await writeFile(join(dir, 'nosuch.json'), JSON.stringify(def))
  t.equal((await ligature(['envelope', 'build', '--definition', 'nosuch.json', '--data', 'source.csv', '--map', 'map.yaml', '--out', 'nosuch.zip', '--skip-invalid'])).code, 0)
  const sent = await ligature(['envelope', 'send', 'nosuch.zip', '--follow', '--interval', '0.3', '--timeout', '120'])
  t.equal(sent.code, 3, sent.stderr)
  t.match(sent.stderr, /Error: .*Linkage project "NOSUCH" does not exist/)
  t.match(sent.stdout, /Envelope nosuch: Failed/)
  const again = await ligature(['envelope', 'send', 'nosuch.zip'])
  t.equal(again.code, 1)
  t.equal(again.stderr, 'ligature: Envelope name is already used.\n')
  const missing = await ligature(['definition', 'pull', 'CLIDEMO', 'NOPE'])
  t.equal(missing.stderr, 'ligature: Event type resource can not be found.\n')
})
