/**
 * Backwards compatibility of multi-level comparisons and term frequencies (issue 16): a strategy with neither
 * scores exactly as before they existed. The figures below were computed with the engine at commit 7cba419
 * (before levels) on the same synthetic table; every pair's score must still be bit-identical.
 */
import t from 'tap'
import { RecordTable } from '../columnar/record-table.js'
import { DEFAULT_COLUMNS, DEFAULT_FIELDS, defaultStrategies } from '../default-strategies.js'
import type { MatchingFieldSpec } from '../types.js'
import { syntheticPeople } from '../synthetic/generate.js'
import { StrategyScorer } from './strategy-scorer.js'

t.test('the default strategy without levels or term frequencies scores as at 7cba419', async tt => {
  const fields = ['givenName', 'surname', 'sex', 'addressLine', 'postcode', 'dateOfBirth']
  const rows = [...syntheticPeople({ records: 400, seed: 3 })].map(p => ({ givenName: p.givenName, surname: p.surname, sex: p.sex,
    addressLine: p.addressLine, postcode: p.postcode, dateOfBirth: p.dateOfBirth }))
  const table = RecordTable.fromRows(rows, DEFAULT_COLUMNS.filter(c => fields.includes(c.name)))
  const n = table.size, left = new Int32Array(n * (n - 1) / 2), right = new Int32Array(left.length)
  let k = 0
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) { left[k] = i; right[k] = j; k++ }
  const out = new Float64Array(k)
  // The default strategy as stored before levels existed: no levels, no term frequencies (names and dates as
  // they were before the defaults gained levels, the other fields unchanged since).
  const base = defaultStrategies()[0]!
  const before: MatchingFieldSpec[] = [
    { field: 'givenName', comparison: { type: 'JaroWinkler', threshold: 0.9 }, m: 0.85, u: 0.005 },
    { field: 'surname', comparison: { type: 'JaroWinkler', threshold: 0.9 }, m: 0.85, u: 0.003 },
    { field: 'dateOfBirth', comparison: { type: 'Date', allowDayMonthSwap: true }, m: 0.9, u: 0.0003 },
    DEFAULT_FIELDS.sex, DEFAULT_FIELDS.addressLine, DEFAULT_FIELDS.postcode,
  ]
  const strategy = { ...base, matchingFields: before }
  tt.ok(strategy.matchingFields.every(f => !f.levels && !('termFrequency' in f)), 'neither configured')
  new StrategyScorer(strategy, table).score(left, right, k, out)
  let sum = 0, max = -Infinity
  for (const x of out) { sum += x; if (x > max) max = x }
  tt.equal(k, 79800)
  tt.equal(sum, -1170430.0134282832, 'sum of all 79,800 scores, bit for bit')
  tt.equal(max, 41.92315295220729)
  tt.same(Array.from(out.slice(0, 5)), [-17.284650502679913, -12.269700161213944, -17.284650502679913, -12.269700161213944, -17.284650502679913])
})
