import t from 'tap'
import { readFileSync } from 'node:fs'
import pg from 'pg'
import { api, buildEnvelope, configureProject, startPlatform, uploadEnvelope, waitForEnvelope } from '@ligature/testkit'
import { startWorkerProcess } from '../src/worker.js'

// A probability estimation envelope of FEBRL 4b against a project already holding FEBRL 4a: the job completes,
// nothing is linked or kept, the estimate downloads and is sane, and the apply call writes it into a strategy.
// The project's date of birth has three agreement levels and its given name term-frequency adjustment (issue 16), so
// the 4a linkage runs them through the pipeline, EM estimates every level and the apply call writes each level.
const platform = await startPlatform()
t.teardown(() => platform.close())
const worker = await startWorkerProcess(platform.workerConfig())
t.teardown(() => worker.stop())

const read = (file: string) => readFileSync(new URL(`../datasets/febrl/${file}`, import.meta.url), 'utf8')
const token = platform.adminToken
const get = async (path: string) => (await api(platform.url, 'GET', `/api/v3.3${path}`, { token })).json
const DOB_LEVELS = [
  { comparisonTypeName: 'Date', comparisonTypeProperties: [{ name: 'allowDayMonthSwap', value: 'true' }, { name: 'digitTypos', value: '1' }], matchProbability: 0.08, nonMatchProbability: 0.001 },
  { comparisonTypeName: 'Date', comparisonTypeProperties: [{ name: 'toleranceDays', value: '1826' }], matchProbability: 0.04, nonMatchProbability: 0.05 },
]

t.test('SubmitProbabilityEstimation: estimated, stored as a result, nothing linked or kept, applicable', async (t) => {
  const { project } = await configureProject(platform.url, token, { project: 'EST4', provider: 'FEBRLE', eventTypes: ['FEBRL4A', 'FEBRL4B'] })
  for (const s of await get(`/projects/${project.id}/matchconfig/strategies`)) {
    const { id, lastModified: _l, ...body } = s
    const matchingFields = body.matchingFields.map(({ id: _i, ...f }: { id: number; matchProviderFieldName: string }) =>
      f.matchProviderFieldName === 'dateOfBirth' ? { ...f, comparisonTypeProperties: [], matchProbability: 0.85, nonMatchProbability: 0.0003, levels: DOB_LEVELS }
        : f.matchProviderFieldName === 'givenName' ? { ...f, termFrequencyAdjustment: true } : f)
    const put = await api(platform.url, 'PUT', `/api/v3.3/projects/${project.id}/matchconfig/strategies/${id}`, { token, body: { ...body, matchingFields } })
    t.equal(put.status, 204, put.text)
  }
  const linkage = buildEnvelope({ project: 'EST4', sender: 'FEBRLE', files: [{ fileName: 'febrl4a.csv', eventTypeCode: 'FEBRL4A', content: read('febrl_dataset4a.csv') }] })
  t.equal((await uploadEnvelope(platform.url, token, 'est4-existing.zip', linkage)).status, 201)
  t.equal((await waitForEnvelope(platform.url, token, 'est4-existing', 240_000) as { statusName: string }).statusName, 'Complete')

  const db = new pg.Client({ connectionString: platform.databaseUrl })
  await db.connect()
  t.teardown(() => db.end())
  const schema = `project_${project.id}`
  const counts = async () => (await db.query(`select (select count(*) from ${schema}.records)::int as records, (select count(*) from ${schema}.record_keys)::int as keys`)).rows[0]
  const before = await counts()
  t.equal(before.records, 5000)

  const zip = buildEnvelope({ project: 'EST4', sender: 'FEBRLE', requestType: 'SubmitProbabilityEstimation',
    files: [{ fileName: 'febrl4b.csv', eventTypeCode: 'FEBRL4B', content: read('febrl_dataset4b.csv') }] })
  t.equal((await uploadEnvelope(platform.url, token, 'est4-estimate.zip', zip)).status, 201)
  const done = await waitForEnvelope(platform.url, token, 'est4-estimate', 240_000) as Record<string, unknown>
  const notes = await get('/envelopes/est4-estimate/notifications')
  t.equal(done.statusName, 'Complete', JSON.stringify(notes))

  t.same(await counts(), before, 'no record and no key was added')
  const jobs = await get('/envelopes/est4-estimate/jobs') as { name: string; statusName?: string; stats: { name: string; value: string }[] }[]
  t.same(jobs.map((j) => j.name).sort(), ['Estimate Probabilities', 'Load Probability Calculation'])
  const stat = (job: string, name: string) => jobs.find((j) => j.name === job)!.stats.find((s) => s.name === name)?.value
  t.equal(stat('Load Probability Calculation', 'Records loaded for estimation'), '5000')
  t.equal(stat('Estimate Probabilities', 'Records incoming'), '5000')
  t.equal(stat('Estimate Probabilities', 'Records existing'), '5000')
  t.equal(stat('Estimate Probabilities', 'u sample pairs'), '200000')
  t.equal(stat('Estimate Probabilities', 'Converged'), 'Yes')
  t.ok(Number(stat('Estimate Probabilities', 'EM iterations')) > 0)
  const note = notes.find((n: { message: string }) => n.message.startsWith('Probability estimation complete'))
  t.ok(note, 'a notification summarises the estimate')
  t.comment(note?.message)

  const listed = await get('/estimates?envelopeName=est4-estimate') as { id: number; projectCode: string; converged: boolean }[]
  t.equal(listed.length, 1)
  t.match(listed[0], { projectCode: 'EST4', converged: true })
  const download = await api(platform.url, 'GET', `/api/v3.3/estimates/${listed[0]!.id}/download`, { token })
  t.equal(download.status, 200)
  const doc = JSON.parse(download.text)
  t.equal(doc.format, 'ligature-probability-estimation/1')
  t.equal(doc.strategies.length, 4)
  for (const s of doc.strategies) {
    t.comment(`${s.name}: λ ${s.lambda?.toFixed(4)}, ${s.candidatePairs} pairs, ${s.iterations} iterations, threshold ${s.configuredThreshold} → ${s.suggestedThreshold?.toFixed(2)}`)
    for (const f of s.fields) {
      t.ok(f.m > f.u && f.m > 0 && f.m < 1, `${s.name} ${f.field}: m ${f.m.toFixed(4)} u ${f.u.toPrecision(3)} (${f.mSource})`)
    }
  }
  t.same(await get(`/estimates/${listed[0]!.id}`), doc, 'GET /estimates/{id} answers the same document')
  // Printed for the portal page (docs/current/advanced/estimating-probs.mdx): a real document and real job stats.
  t.comment(JSON.stringify({ ...doc, strategies: doc.strategies.filter((s: { name: string }) => s.name === 'Surname and given name') }, null, 2))
  t.comment(JSON.stringify(jobs.map((j) => [j.name, j.stats])))

  const strategies = await get(`/projects/${project.id}/matchconfig/strategies`) as { id: number; name: string; threshold: number; matchingFields: { matchProviderFieldName: string; matchProbability: number; nonMatchProbability: number }[] }[]
  const target = strategies.find((s) => s.name === 'Surname and given name')!
  const applied = await api(platform.url, 'POST', `/api/v3.3/projects/${project.id}/matchconfig/strategies/${target.id}/estimates/${listed[0]!.id}/apply`, { token })
  t.equal(applied.status, 201, applied.text)
  const estimated = doc.strategies.find((s: { name: string }) => s.name === target.name)
  t.equal(applied.json.threshold, Math.round(estimated.suggestedThreshold * 100) / 100)
  const after = await get(`/projects/${project.id}/matchconfig/strategies/${target.id}`)
  t.same(after.threshold, applied.json.threshold, 'the strategy changed')
  const surname = after.matchingFields.find((f: { matchProviderFieldName: string }) => f.matchProviderFieldName === 'surname')
  const surnameEstimate = estimated.fields.find((f: { field: string }) => f.field === 'surname')
  t.same([surname.matchProbability, surname.nonMatchProbability], [surnameEstimate.m, surnameEstimate.u])

  const dobEstimate = estimated.fields.find((f: { field: string }) => f.field === 'dateOfBirth')
  t.equal(dobEstimate.levels.length, 2, 'every level of the date of birth is estimated')
  t.equal(dobEstimate.mSource, 'em')
  const dob = after.matchingFields.find((f: { matchProviderFieldName: string }) => f.matchProviderFieldName === 'dateOfBirth')
  t.same(dob.levels.map((l: { matchProbability: number; nonMatchProbability: number }) => [l.matchProbability, l.nonMatchProbability]),
    dobEstimate.levels.map((l: { m: number; u: number }) => [l.m, l.u]), 'the apply call writes each level\'s m and u')
  t.equal(after.matchingFields.find((f: { matchProviderFieldName: string }) => f.matchProviderFieldName === 'givenName').termFrequencyAdjustment, true, 'term frequencies stay on')
  t.comment(JSON.stringify(dobEstimate))

  const sex = estimated.fields.find((f: { field: string }) => f.field === 'sex')
  t.match(sex, { mSource: 'configured', uSource: 'configured', m: 0.97, u: 0.5 }, 'FEBRL has no sex: configured values kept')
  t.notOk(estimated.fieldsEstimated.includes('sex'))

  // Scope and roles: another project's viewer sees no estimate; a viewer of this project may not apply.
  const outsider = await platform.token('viewer', ['OTHER'])
  t.same((await api(platform.url, 'GET', '/api/v3.3/estimates', { token: outsider })).json, [])
  t.equal((await api(platform.url, 'GET', `/api/v3.3/estimates/${listed[0]!.id}/download`, { token: outsider })).status, 404)
  const viewer = await platform.token('viewer', ['EST4'])
  t.equal((await api(platform.url, 'GET', `/api/v3.3/estimates/${listed[0]!.id}`, { token: viewer })).status, 200)
  t.equal((await api(platform.url, 'POST', `/api/v3.3/projects/${project.id}/matchconfig/strategies/${target.id}/estimates/${listed[0]!.id}/apply`, { token: viewer })).status, 401)

  const other = (await configureProject(platform.url, token, { project: 'EST5', provider: 'FEBRLF', eventTypes: ['FEBRL5'] })).project
  const otherStrategy = (await get(`/projects/${other.id}/matchconfig/strategies`))[0]
  const crossed = await api(platform.url, 'POST', `/api/v3.3/projects/${other.id}/matchconfig/strategies/${otherStrategy.id}/estimates/${listed[0]!.id}/apply`, { token })
  t.equal(crossed.status, 400, 'an estimate applies only to its own project')
  t.equal(crossed.json.message, 'The request is not valid.')
  const wrongStrategy = await api(platform.url, 'POST', `/api/v3.3/projects/${project.id}/matchconfig/strategies/${otherStrategy.id}/estimates/${listed[0]!.id}/apply`, { token })
  t.equal(wrongStrategy.status, 404, "another project's strategy is not found here")

  const missing = await api(platform.url, 'POST', `/api/v3.3/projects/${project.id}/matchconfig/strategies/${target.id}/estimates/999999/apply`, { token })
  t.equal(missing.status, 404)
  t.equal(missing.json.message, 'Estimate resource can not be found.')
})
