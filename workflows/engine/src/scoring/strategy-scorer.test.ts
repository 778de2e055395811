import t from 'tap'
import { RecordTable } from '../columnar/record-table.js'
import { jaroWinkler } from '../comparators/jaro-winkler.js'
import type { StrategySpec } from '../types.js'
import { comparisonFromProperties } from './compile-field.js'
import { DETERMINISTIC_SCORE, keepAboveThreshold, StrategyScorer } from './strategy-scorer.js'

const table = RecordTable.fromRows([
  { given: 'martha', surname: 'smith', dob: '1980-05-04', state: 'nsw' },
  { given: 'marhta', surname: 'smith', dob: '1980-05-05', state: 'vic' },
  { given: 'john', surname: 'smyth', dob: '1980-04-05', state: '' },
  { given: 'martha', surname: 'jones', dob: '', state: 'nsw' },
], [{ name: 'given', kind: 'text' }, { name: 'surname', kind: 'text' }, { name: 'dob', kind: 'date' },
  { name: 'state', kind: 'text' }])

const strategy = (over: Partial<StrategySpec> = {}): StrategySpec => ({
  name: 's', order: 1, isActive: true, threshold: 0, blockingFields: [],
  matchingFields: [
    { field: 'given', comparison: { type: 'JaroWinkler', threshold: 0.9 }, m: 0.9, u: 0.1 },
    { field: 'surname', comparison: { type: 'Levenshtein', maxDistance: 1 }, m: 0.8, u: 0.2 },
    { field: 'dob', comparison: { type: 'Date', toleranceDays: 1, allowDayMonthSwap: true }, m: 0.5, u: 0.25 },
    { field: 'state', comparison: { type: 'Exact' }, m: 0.5, u: 0.5, agreementWeight: 2, disagreementWeight: -2 },
  ],
  ...over,
})

t.test('sum of field weights, missing values weigh 0', async tt => {
  const scorer = new StrategyScorer(strategy(), table)
  const left = Int32Array.from([0, 0, 0, 1]), right = Int32Array.from([1, 2, 3, 3])
  const out = new Float64Array(4)
  scorer.score(left, right, 4, out)
  const given = Math.log2(9), surname = 2, dob = 1, stateAgree = 2, stateDisagree = -2
  const near = (got: number | undefined, want: number, msg: string) => tt.ok(Math.abs(got! - want) < 1e-12, msg)
  near(out[0], given + surname + dob + stateDisagree, 'JW 0.96 agrees; dob within a day')
  near(out[1], Math.log2(0.1 / 0.9) + surname + dob + 0, 'smyth within 1 edit; swap agrees; state empty')
  near(out[2], given + Math.log2(0.2 / 0.8) + 0 + stateAgree, 'empty dob weighs 0')
  tt.same(scorer.explain(0, 1).map(e => e.field), ['given', 'surname', 'dob', 'state'])
  near(scorer.explain(0, 1).reduce((s, e) => s + e.weight, 0), out[0]!, 'explain sums to the score')
  const again = new Float64Array(4)
  scorer.score(left, right, 4, again)
  tt.same(again, out, 'memoised weights give the same scores')
})

t.test('weight curve between disagreement and agreement', async tt => {
  const curve = [{ distance: 0, weightProportion: 0 }, { distance: 1, weightProportion: 1 }]
  const scorer = new StrategyScorer(strategy({ matchingFields: [
    { field: 'given', comparison: { type: 'JaroWinkler', threshold: 0.5 }, m: 0.9, u: 0.1, curve }] }), table)
  const out = new Float64Array(1)
  scorer.score(Int32Array.of(0), Int32Array.of(1), 1, out)
  const s = jaroWinkler('martha', 'marhta'), a = Math.log2(9), d = Math.log2(1 / 9)
  tt.ok(Math.abs(out[0]! - (d + (a - d) * s)) < 1e-12)
})

t.test('deterministic strategy and threshold filtering', async tt => {
  const det = new StrategyScorer(strategy({ matchingFields: [] }), table)
  tt.equal(det.deterministic, true)
  const out = new Float64Array(2)
  det.score(Int32Array.of(0, 1), Int32Array.of(1, 2), 2, out)
  tt.same([...out], [DETERMINISTIC_SCORE, DETERMINISTIC_SCORE])
  const l = Int32Array.of(0, 1, 2, 3), r = Int32Array.of(4, 5, 6, 7), s = Float64Array.of(5, -1, 3, 2.999)
  tt.equal(keepAboveThreshold(l, r, s, 4, 3), 2)
  tt.same([...l.subarray(0, 2), ...r.subarray(0, 2), ...s.subarray(0, 2)], [0, 2, 4, 6, 5, 3])
})

t.test('comparison properties from the API', async tt => {
  tt.same(comparisonFromProperties('JaroWinkler', [{ name: 'threshold', value: '0.85' }]),
    { type: 'JaroWinkler', threshold: 0.85 })
  tt.same(comparisonFromProperties('Date', [{ name: 'allowDayMonthSwap', value: 'true' }]),
    { type: 'Date', allowDayMonthSwap: true })
  tt.throws(() => comparisonFromProperties('Soundex'), /unknown comparison/)
  tt.throws(() => comparisonFromProperties('Exact', [{ name: 'threshold', value: '1' }]), /no property/)
  tt.throws(() => comparisonFromProperties('Bloom', [{ name: 'threshold', value: 'x' }]), /number/)
  tt.throws(() => new StrategyScorer(strategy({ matchingFields: [
    { field: 'given', comparison: { type: 'JaroWinkler', prefixScale: 0.3 }, m: 0.9, u: 0.1 }] }), table))
})

t.test('Date field: equal dates spelt differently agree; unparseable dates weigh 0', async tt => {
  const dates = RecordTable.fromRows([{ dob: '1980-05-04' }, { dob: '19800504' }, { dob: '4/5/1980' }, { dob: 'soon' }],
    [{ name: 'dob', kind: 'date' }])
  const scorer = new StrategyScorer({ name: 'd', order: 1, isActive: true, threshold: 0, blockingFields: [],
    matchingFields: [{ field: 'dob', comparison: { type: 'Date' }, m: 0.5, u: 0.25 }] }, dates)
  const out = new Float64Array(3)
  scorer.score(Int32Array.of(0, 0, 0), Int32Array.of(1, 2, 3), 3, out)
  tt.same([...out], [1, 1, 0])
})
