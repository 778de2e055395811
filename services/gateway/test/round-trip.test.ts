import t, { type Test } from 'tap'
import { api, startPlatform } from '@ligature/testkit'

/**
 * For every entity a client can replace: POST answers 201 with a `Location` that GET reads back, and a PUT
 * of exactly the body GET returned (output-only fields and `version` included) succeeds and changes
 * nothing but the audit fields.
 */
const platform = await startPlatform()
t.teardown(() => platform.close())
const token = platform.adminToken
const base = '/api/v3.3'

const AUDIT = new Set(['version', 'lastModified'])
const withoutAudit = (v: Record<string, unknown>) => Object.fromEntries(Object.entries(v).filter(([k]) => !AUDIT.has(k)))

/** Creates, follows Location, puts the read body back; returns the created body. */
async function roundTrip(t: Test, createPath: string, body: unknown, replaceable = true): Promise<Record<string, unknown>> {
  const created = await api(platform.url, 'POST', base + createPath, { token, body })
  t.equal(created.status, 201, `create ${createPath}: ${created.text}`)
  const location = created.headers.get('location')
  t.match(location, new RegExp(`^${base}/`), 'Location names the created item under the API base')
  const read = await api(platform.url, 'GET', location!, { token })
  t.equal(read.status, 200, 'Location can be read')
  t.same(read.json, created.json, 'GET returns what POST answered')
  if (!replaceable) return created.json
  const put = await api(platform.url, 'PUT', location!, { token, body: read.json })
  t.equal(put.status, 204, `PUT of the read body: ${put.text}`)
  const after = await api(platform.url, 'GET', location!, { token })
  t.same(withoutAudit(after.json), withoutAudit(read.json), 'nothing but the audit fields changed')
  t.not(after.json.version, read.json.version, 'the version moved on')
  const stale = await api(platform.url, 'PUT', location!, { token, body: read.json })
  t.equal(stale.status, 409, 'the same body again carries a stale version')
  return created.json
}

let providerId = 0
let formatId = 0
let eventTypeId = 0

t.test('data provider (markedForDeletion is output only)', async (t) => {
  const created = await roundTrip(t, '/dataproviders', { code: 'RTP', organisation: 'WA Health', contactName: 'Data Custodian', email: 'custodian@health.example.org', phone: '+61 8 9222 4222' })
  t.equal(created.markedForDeletion, false)
  providerId = created.id as number
})

t.test('import format (column ids and columnTypeName are output only)', async (t) => {
  const created = await roundTrip(t, '/importformats', {
    name: 'Round trip format', columnType: 3,
    columns: [{ name: 'rec_id', linkageField: 'sourceUniqueId' }, { name: 'dob', linkageField: 'dateOfBirth', format: 'yyyy-MM-dd' }],
  })
  formatId = created.id as number
})

t.test('event type (secret settings come back masked and are kept)', async (t) => {
  const created = await roundTrip(t, '/eventtypes', {
    dataProviderId: providerId, code: 'RTE', description: 'Public hospital admissions', isAuthoritative: false, category: 'Hospital Admissions',
    dataSources: [{
      dataSourceType: 'PostgreSQL', importFormatId: formatId, name: 'Staging table', code: 'PG',
      settings: [{ name: 'connectionString', value: 'postgres://ligature:s3cret@db.example.org/health', isSecret: true }, { name: 'table', value: 'staging.admissions', isSecret: false }],
    }],
  })
  eventTypeId = created.id as number
})

t.test('project', async (t) => {
  await roundTrip(t, '/projects', {
    code: 'RTPROJ', name: 'Round trip', description: 'Round trip project', notificationEmail: 'linkage@example.org', isActive: true,
    groupConfig: { groupStrategy: 'WeightedBestLinkOnDisk' }, eventTypeMembers: [{ eventTypeId, code: 'RTE' }], projectLinks: [],
  })
})

t.test('weight curve', async (t) => {
  await roundTrip(t, '/projects/RTPROJ/matchconfig/weightcurves', {
    code: 'RTC', name: 'Round trip curve', decimalScale: 2,
    points: [{ distance: 0, weightProportion: 0 }, { distance: 0.9, weightProportion: 0.6 }, { distance: 1, weightProportion: 1 }],
  })
})

t.test('match strategy', async (t) => {
  await roundTrip(t, '/projects/RTPROJ/matchconfig/strategies', {
    name: 'Surname and birth year', order: 5, threshold: 9.5, isActive: true,
    blockingFields: [{ matchProviderFieldName: 'surnameNysiis', matchEmpty: false }, { matchProviderFieldName: 'doby' }],
    matchingFields: [{ matchProviderFieldName: 'postcode', comparisonTypeName: 'Exact', matchProbability: 0.85, nonMatchProbability: 0.05 }],
  })
})

/** GETs a singleton or existing item, PUTs the same body back: accepted, nothing but the audit fields change. */
async function putBack(t: Test, path: string): Promise<void> {
  const read = await api(platform.url, 'GET', base + path, { token })
  t.equal(read.status, 200, `read ${path}`)
  const put = await api(platform.url, 'PUT', base + path, { token, body: read.json })
  t.ok(put.status === 200 || put.status === 204, `PUT of the read body: ${put.status} ${put.text}`)
  const after = await api(platform.url, 'GET', base + path, { token })
  t.same(withoutAudit(after.json), withoutAudit(read.json), 'nothing but the audit fields changed')
}

t.test('extraction settings (the project\'s singleton, defaults included)', async (t) => {
  const project = await api(platform.url, 'GET', `${base}/projects/RTPROJ?byCode=true`, { token })
  await putBack(t, `/projects/${project.json.id}/extractionsettings`)
})

t.test('default match strategies (levels and term-frequency settings come back as read)', async (t) => {
  const list = await api(platform.url, 'GET', `${base}/projects/RTPROJ/matchconfig/strategies`, { token })
  t.equal(list.status, 200)
  const defaults = (list.json as { id: number; name: string }[]).filter((s) => s.name !== 'Surname and birth year')
  t.ok(defaults.length > 0, 'a new project has default strategies')
  for (const strategy of defaults) await putBack(t, `/projects/RTPROJ/matchconfig/strategies/${strategy.id}`)
})

t.test('extraction project (created and read; the API has no PUT for it)', async (t) => {
  const project = await api(platform.url, 'GET', `${base}/projects/RTPROJ?byCode=true`, { token })
  await roundTrip(t, '/extractionprojects', { projectId: project.json.id, code: 'RTX', description: 'Round trip extraction', useEnduringLinkageKeys: true }, false)
})
