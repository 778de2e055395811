import t from 'tap'
import fc from 'fast-check'
import { caller, curveBody, projectBody, startPlatform, strategyBody } from '../support.js'

/**
 * Random and boundary bodies at every create and update call of the projects service: whatever arrives,
 * the answer is a 2xx or a 4xx with a message, never a 5xx.
 */
const platform = await startPlatform()
t.teardown(() => platform.close())
const call = caller(platform)
// Seeded so a failure can be replayed: LIGATURE_PROPERTY_SEED=<seed>.
const fcSeed = Number(process.env.LIGATURE_PROPERTY_SEED ?? Math.floor(Math.random() * 2 ** 31))
t.comment(`property seed ${fcSeed} (rerun with LIGATURE_PROPERTY_SEED=${fcSeed})`)
const target = (await call('POST', '/projects', projectBody('PROPTARGET'))).json
const host = (await call('POST', '/projects', projectBody('PROPHOST'))).json
const strategy = (await call('GET', `/projects/${host.id}/matchconfig/strategies`)).json[0]
const curve = (await call('POST', `/projects/${host.id}/matchconfig/weightcurves`, curveBody('PROPCURVE'))).json
const extraction = { projectId: host.id, code: 'PROP-EXTRACTION', description: 'Property test', useEnduringLinkageKeys: false }

const text = fc.oneof(fc.string(), fc.string({ unit: 'binary' }), { weight: 3, arbitrary: fc.constantFrom('', ' ', '\u0000', 'x'.repeat(15), 'x'.repeat(16),
  'x'.repeat(20), 'x'.repeat(21), 'x'.repeat(60), 'x'.repeat(61), 'x'.repeat(1001), '😀'.repeat(20), '\ud800', '12', 'NAMEJW', 'doby') })
const number = fc.oneof(fc.double(), fc.integer(), fc.constantFrom(0, 1, -1, 0.5, 1.0000001, 2147483647, 2147483648, -2147483649,
  Number.MAX_SAFE_INTEGER, 1e308, -1e308, Number.MIN_VALUE))
const boundary = fc.oneof(text, number, fc.constantFrom(null, true, false, [], {}), fc.jsonValue({ maxDepth: 2 }))

/** A valid body with some keys (top level or inside its first list element) replaced by boundary values. */
function mutated(valid: Record<string, unknown>) {
  const keys = Object.keys(valid)
  return fc.tuple(fc.subarray(keys), fc.array(boundary, { minLength: keys.length, maxLength: keys.length }), fc.dictionary(fc.string(), boundary, { maxKeys: 2 }))
    .map(([chosen, values, extra]) => {
      const body: Record<string, unknown> = { ...valid }
      chosen.forEach((k, i) => {
        const current = body[k]
        if (Array.isArray(current) && current.length > 0 && typeof current[0] === 'object' && i % 2 === 0) {
          const [first, ...rest] = current as Record<string, unknown>[]
          const innerKey = Object.keys(first!)[i % Object.keys(first!).length]!
          body[k] = [{ ...first, [innerKey]: values[i] }, ...rest]
        } else body[k] = values[i]
      })
      return i0(extra) ? body : { ...body, ...extra }
    })
}
const i0 = (o: object) => Object.keys(o).length === 0
const bodies = (valid: Record<string, unknown>) => fc.oneof(mutated(valid), fc.jsonValue({ maxDepth: 3 }), fc.constant(valid))

/**
 * Always tried: each string field with a U+0000 in it (Postgres text cannot hold one) and each number field
 * just past the 32-bit integer range of the id and order columns.
 */
const edgeExamples = (valid: Record<string, unknown>): [unknown][] => [
  ...Object.entries(valid).filter(([, v]) => typeof v === 'string').map(([k, v]): [unknown] => [{ ...valid, [k]: `${v as string}\u0000` }]),
  ...Object.entries(valid).filter(([, v]) => typeof v === 'number').map(([k]): [unknown] => [{ ...valid, [k]: 2147483648 }]),
]

const calls: [string, string, Record<string, unknown>][] = [
  ['POST', '/projects', projectBody('PROPNEW')],
  ['PUT', `/projects/${target.id}`, projectBody('PROPTARGET')],
  ['POST', `/projects/${host.id}/matchconfig/strategies`, strategyBody()],
  ['PUT', `/projects/${host.id}/matchconfig/strategies/${strategy.id}`, strategyBody()],
  ['POST', `/projects/${host.id}/matchconfig/weightcurves`, curveBody('PROPNEW')],
  ['PUT', `/projects/${host.id}/matchconfig/weightcurves/${curve.weightCurveId}`, curveBody('PROPCURVE')],
  ['POST', '/extractionprojects', extraction],
]

for (const [method, path, valid] of calls) {
  t.test(`${method} ${path} never answers 5xx`, async (t) => {
    await fc.assert(fc.asyncProperty(bodies(valid), async (body) => {
      const res = await call(method, path, body)
      if (res.status >= 500) throw new Error(`${res.status} for ${JSON.stringify(body).slice(0, 300)}`)
      return res.status < 300 || typeof res.json?.message === 'string'
    }), { numRuns: 120, seed: fcSeed, examples: edgeExamples(valid) })
    t.pass(`${method} ${path}`)
  })
}
