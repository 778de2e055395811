import t from 'tap'
import fc from 'fast-check'
import { api, startPlatform } from '@ligature/testkit'
import {
  errorContractProblem, hostileSegment, operationsOf, rawRequest, requestsFor, responseValidators, type FuzzRequest,
} from '@ligature/testkit/fuzz'

/**
 * Every operation of the served OpenAPI document, fed valid-shaped and hostile requests generated from the
 * document itself, as an administrator and as a scoped viewer. Fails on any 5xx (501 only while a call is
 * the not-implemented stub), an error body outside the catalogue, a success body outside its schema, an
 * answer slower than the per-request timeout, or a service that stops answering afterwards.
 * Reproduce a run with `LIGATURE_FUZZ_SEED=<seed>`; `LIGATURE_FUZZ_RUNS` sets requests per operation and role.
 */
const seed = Number(process.env.LIGATURE_FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31))
const runs = Number(process.env.LIGATURE_FUZZ_RUNS ?? 20)
const TIMEOUT_MS = 5_000
t.comment(`fuzz seed ${seed} (rerun with LIGATURE_FUZZ_SEED=${seed})`)

const platform = await startPlatform()
t.teardown(() => platform.close())
const base = '/api/v3.3'
const admin = (method: string, path: string, body?: unknown) => api(platform.url, method, base + path, { token: platform.adminToken, ...(body === undefined ? {} : { body }) })

// A small realistic configuration so valid-shaped ids and codes reach real rows.
const provider = (await admin('POST', '/dataproviders', { code: 'FUZZP', organisation: 'Fuzz Health', contactName: 'Data Custodian', email: 'custodian@health.example.org' })).json
const format = (await admin('POST', '/importformats', { name: 'Fuzz format', columnType: 3, columns: [{ name: 'rec_id', linkageField: 'sourceUniqueId' }, { name: 'surname', linkageField: 'surname' }] })).json
const eventType = (await admin('POST', '/eventtypes', { dataProviderId: provider.id, code: 'FUZZE', description: 'Fuzz admissions', isAuthoritative: false, category: 'Hospital Admissions', dataSources: [] })).json
const project = (await admin('POST', '/projects', {
  code: 'FUZZ', name: 'Fuzz project', description: 'Fuzzing', notificationEmail: 'linkage@example.org', isActive: true,
  groupConfig: { groupStrategy: 'WeightedBestLinkOnDisk' }, eventTypeMembers: [{ eventTypeId: eventType.id, code: 'FUZZE' }], projectLinks: [],
})).json
const curve = (await admin('POST', '/projects/FUZZ/matchconfig/weightcurves', { code: 'FUZZC', name: 'Fuzz curve', decimalScale: 2, points: [{ distance: 0, weightProportion: 0 }, { distance: 1, weightProportion: 1 }] })).json
if (!(provider?.id && format?.id && eventType?.id && project?.id && curve?.weightCurveId)) throw new Error('the seed configuration was refused')

const viewer = await platform.token('viewer', ['FUZZ'])
const roles = [{ name: 'admin', token: platform.adminToken }, { name: 'viewer', token: viewer }] as const

const doc = (await api(platform.url, 'GET', `${base}/openapi.json`)).json
const operations = operationsOf(doc)
const known = { integers: [1, 2, provider.id, format.id, eventType.id, project.id, curve.weightCurveId], strings: ['FUZZ', 'FUZZE', 'FUZZC', 'Standard', 'Privacy', 'nosuchenvelope'] }
const checkResponse = responseValidators(doc)
const pending = platform.pendingRoutes()

// Random requests per operation and role, plus every hostile path value in every path parameter.
const planned: { req: FuzzRequest; role: (typeof roles)[number] }[] = []
operations.forEach((op, i) => {
  const samples = fc.sample(requestsFor(op, doc.components.schemas, known), { seed: seed + i, numRuns: runs * roles.length })
  samples.forEach((req, j) => planned.push({ req, role: roles[j % roles.length]! }))
  const names = [...op.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!)
  names.forEach((name) => {
    for (const bad of fc.sample(hostileSegment, { seed: seed + i, numRuns: 12 })) {
      const url = op.path.replace(/\{([^}]+)\}/g, (_m, n: string) => (n === name ? bad : n === 'id' ? 'FUZZ' : String(curve.weightCurveId)))
      planned.push({ req: { op: op.id, method: op.method, url, kind: `hostile path value for ${name}` }, role: roles[0] })
    }
  })
})

interface Failure { op: string; role: string; method: string; url: string; kind: string; problem: string }

t.test('no 5xx, hang, non-catalogue error body or schema violation', { timeout: 240_000 }, async (t) => {
  const failures: Failure[] = []
  const counts = { requests: 0, status5xx: 0, hangs: 0, badBodies: 0, schemaViolations: 0, pending501: 0 }
  const started = Date.now()
  for (const { req, role } of planned) {
    counts.requests++
    const res = await rawRequest(platform.url, req.method, base + req.url, {
      timeoutMs: TIMEOUT_MS, ...(req.body ? { body: req.body } : {}),
      headers: { authorization: `Bearer ${role.token}`, ...(req.contentType ? { 'content-type': req.contentType } : {}) },
    })
    if (process.env.LIGATURE_FUZZ_TRACE) console.error(role.name, req.method, req.url.slice(0, 100), req.kind, res === null ? 'hang' : res instanceof Error ? res.message : res.status)
    const fail = (problem: string) => failures.push({ op: req.op, role: role.name, method: req.method, url: req.url.slice(0, 160), kind: req.kind, problem: problem.slice(0, 240) })
    if (res === null) { counts.hangs++; fail(`no answer within ${TIMEOUT_MS} ms`); continue }
    if (res instanceof Error) { fail(`connection failed: ${res.message}`); continue }
    if (res.status === 501 && pending.has(req.op)) counts.pending501++
    if (res.status >= 500 && !(res.status === 501 && pending.has(req.op))) counts.status5xx++
    const problem = errorContractProblem(res, pending.has(req.op)) ?? (res.status < 300 ? checkResponse(req.op, res.status, res.body) : null)
    if (problem?.startsWith('response does not match')) counts.schemaViolations++
    else if (problem && !problem.startsWith('status')) counts.badBodies++
    if (problem) fail(problem)
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  t.comment(`fuzz: ${counts.requests} requests over ${operations.length} operations in ${seconds} s; ${counts.status5xx} 5xx, ${counts.hangs} hangs, ${counts.badBodies} non-catalogue error bodies, ${counts.schemaViolations} schema violations, ${counts.pending501} 501 from ${pending.size} pending calls`)
  const distinct = new Map<string, Failure & { times: number }>()
  for (const f of failures) {
    const key = `${f.op} ${f.kind} ${f.problem.replace(/\d+/g, 'N')}`
    const seen = distinct.get(key)
    if (seen) seen.times++
    else distinct.set(key, { ...f, times: 1 })
  }
  if (failures.length) {
    t.comment(`seed ${seed}: ${failures.length} failures, ${distinct.size} distinct`)
    for (const f of [...distinct.values()].slice(0, 60)) t.comment(`${f.role} ${f.method} ${f.url} [${f.kind}] x${f.times}: ${f.problem}`)
  }
  t.equal(failures.length, 0, `fuzz failures (LIGATURE_FUZZ_SEED=${seed})`)
  t.ok(counts.requests >= 2000, 'a few thousand requests')
})

t.test('every service still answers afterwards', async (t) => {
  for (const [name, svc] of Object.entries(platform.services)) {
    const res = await api(svc.url, 'GET', '/healthz')
    t.equal(res.status, 200, `${name} healthz`)
  }
  t.equal((await admin('GET', '/dataproviders')).status, 200, 'the gateway still serves calls')
})
