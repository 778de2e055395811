import t from 'tap'
import { RecordTable } from '../columnar/record-table.js'
import type { MatchingFieldSpec } from '../types.js'
import { compileField, compileLevelTests } from './compile-field.js'
import { levelWeights, termFrequencyAdjustments, TF_PRIOR_VALUES } from './levelled-field.js'

const near = (a: number, b: number, eps = 1e-12) => Math.abs(a - b) < eps
const textTable = (values: string[]) => RecordTable.fromRows(values.map(n => ({ n })), [{ name: 'n', kind: 'text' }])
const dateTable = (values: string[]) => RecordTable.fromRows(values.map(d => ({ d })), [{ name: 'd', kind: 'date' }])

/** exact / Jaro–Winkler ≥ 0.92 / ≥ 0.88 / disagree, as Splink's name comparison. */
const NAME: MatchingFieldSpec = { field: 'n', comparison: { type: 'Exact' }, m: 0.7, u: 0.01, levels: [
  { comparison: { type: 'JaroWinkler', threshold: 0.92 }, m: 0.15, u: 0.02 },
  { comparison: { type: 'JaroWinkler', threshold: 0.88 }, m: 0.05, u: 0.03 },
] }

t.test('Jaro–Winkler levels: exact, ≥ 0.92, ≥ 0.88, disagree, missing', async tt => {
  // martha/marhta JW 0.961, smith/smyth 0.893, dixon/dicksonx 0.813
  const tbl = textTable(['martha', 'martha', 'marhta', 'smith', 'smyth', 'dixon', 'dicksonx', ''])
  const tests = compileLevelTests(NAME, tbl)
  tt.equal(tests.count, 4)
  tt.same([tests.level(0, 1), tests.level(0, 2), tests.level(3, 4), tests.level(5, 6), tests.level(0, 7), tests.level(7, 7)],
    [1, 2, 3, 0, -1, -1])
  const f = compileField(NAME, tbl)
  tt.equal(f.weightFor(0, 1), Math.log2(0.7 / 0.01), 'exact: log2(m/u) of the top level')
  tt.equal(f.weightFor(0, 2), Math.log2(0.15 / 0.02), 'close: its own m/u')
  tt.equal(f.weightFor(3, 4), Math.log2(0.05 / 0.03), 'far: its own m/u')
  tt.ok(near(f.weightFor(5, 6), Math.log2(0.1 / 0.94)), 'disagree: m₀ = 1 − Σm, u₀ = 1 − Σu')
  tt.equal(f.weightFor(0, 7), 0, 'missing: no weight')
  const out = new Float64Array(4)
  const left = Int32Array.from([0, 0, 3, 5]), right = Int32Array.from([1, 2, 4, 6])
  f.accumulate(left, right, 4, out)
  tt.same(Array.from(out), [0, 1, 2, 3].map(k => f.weightFor(left[k]!, right[k]!)), 'accumulate = weightFor, memo included')
})

t.test('Levenshtein levels: ≤ 1 and ≤ 2 edits', async tt => {
  const spec: MatchingFieldSpec = { field: 'n', comparison: { type: 'Exact' }, m: 0.8, u: 0.01, levels: [
    { comparison: { type: 'Levenshtein', maxDistance: 1 }, m: 0.1, u: 0.02 },
    { comparison: { type: 'Levenshtein', maxDistance: 2 }, m: 0.05, u: 0.04 }] }
  const tests = compileLevelTests(spec, textTable(['2000', '2001', '2011', '3111', '2000']))
  tt.same([tests.level(0, 4), tests.level(0, 1), tests.level(0, 2), tests.level(0, 3)], [1, 2, 3, 0])
})

t.test('date levels: exact, a day/month swap or one typed digit, within 5 years', async tt => {
  const spec: MatchingFieldSpec = { field: 'd', comparison: { type: 'Date' }, m: 0.85, u: 0.0003, levels: [
    { comparison: { type: 'Date', allowDayMonthSwap: true, digitTypos: 1 }, m: 0.08, u: 0.001 },
    { comparison: { type: 'Date', toleranceDays: 5 * 365 + 1 }, m: 0.04, u: 0.05 }] }
  const tbl = dateTable(['1975-03-12', '12/03/1975', '1975-12-03', '1976-03-12', '1975-03-13', '1978-06-01', '1990-01-01', 'garbage', ''])
  const tests = compileLevelTests(spec, tbl)
  tt.same([0, 1, 2, 3, 4, 5, 6].map(j => tests.level(0, j)), [1, 1, 2, 2, 2, 3, 0],
    'same day spelt otherwise, swap, typed year digit, typed day digit, 3 years, 15 years')
  tt.equal(tests.level(0, 7), -1, 'an unparseable date is missing')
  tt.equal(tests.level(7, 7), -1, 'even against itself')
  tt.equal(compileField(spec, tbl).weightFor(7, 7), 0)
  tt.equal(compileField(spec, tbl).weightFor(0, 8), 0)
})

t.test('level weights: overrides and impossible probabilities', async tt => {
  tt.same(levelWeights({ ...NAME, agreementWeight: 9, disagreementWeight: -5 }).slice(0, 2), [-5, 9])
  tt.equal(levelWeights({ ...NAME, levels: [{ ...NAME.levels![0]!, agreementWeight: 2 }] })[2], 2)
  tt.throws(() => levelWeights({ ...NAME, levels: [{ comparison: { type: 'Exact' }, m: 0.4, u: 0.1 }] }), /add up to less than 1/)
  tt.throws(() => levelWeights({ ...NAME, levels: [{ comparison: { type: 'Exact' }, m: 0, u: 0.1 }] }), /level 2 m/)
  tt.throws(() => compileField({ ...NAME, curve: [{ distance: 0, weightProportion: 0 }, { distance: 1, weightProportion: 1 }] }, textTable(['a'])),
    /no weight curve/)
  const two = levelWeights({ field: 'n', comparison: { type: 'Exact' }, m: 0.9, u: 0.1 })
  tt.ok(near(two[0]!, Math.log2(0.1 / 0.9)) && two[1] === Math.log2(9), 'no levels: the two-level weights')
})

t.test('term frequencies: agreeing on a rare value weighs more than on a common one', async tt => {
  // 10 records with a value: smith ×6, jones ×2, zabel ×2; one empty.
  const values = ['smith', 'smith', 'smith', 'smith', 'smith', 'smith', 'jones', 'jones', 'zabel', 'zabel', '']
  const tbl = textTable(values)
  const spec: MatchingFieldSpec = { field: 'n', comparison: { type: 'JaroWinkler', threshold: 0.9 }, m: 0.9, u: 0.05, termFrequency: true }
  const raw = termFrequencyAdjustments(tbl.column('n'), 0.05, 0)
  const code = (v: string) => tbl.column('n').values.indexOf(v)
  tt.ok(near(raw[code('smith')]!, Math.log2(0.05 / 0.6)), 'no prior: log2(u / tf), tf = 6/10')
  tt.ok(near(raw[code('jones')]!, Math.log2(0.05 / 0.2)))
  // With the prior, ten values barely move the frequency from u: tf = (6 + 1000·0.05) / (10 + 1000).
  const adjust = termFrequencyAdjustments(tbl.column('n'), 0.05)
  const tf = (n: number) => (n + TF_PRIOR_VALUES * 0.05) / (10 + TF_PRIOR_VALUES)
  tt.ok(near(adjust[code('smith')]!, Math.log2(0.05 / tf(6))), 'shrunk towards u')
  tt.ok(Math.abs(adjust[code('smith')]!) < 0.2, 'a tiny table says little about how common smith is')
  const f = compileField(spec, tbl)
  tt.ok(near(f.weightFor(0, 1), Math.log2(0.9 / tf(6))), 'smith = smith: log2(m / tf)')
  tt.ok(near(f.weightFor(6, 7), Math.log2(0.9 / tf(2))), 'jones = jones weighs more')
  tt.ok(f.weightFor(6, 7) > f.weightFor(0, 1))
  tt.ok(near(f.weightFor(0, 6), Math.log2(0.1 / 0.95)), 'disagreement is not adjusted')
  tt.equal(f.weightFor(0, 10), 0, 'missing stays 0')
  const plain = compileField({ ...spec, termFrequency: false }, tbl)
  tt.ok(near(f.weightFor(0, 1) - plain.weightFor(0, 1), adjust[code('smith')]!), 'the adjustment adds to the top weight')
})

t.test('term frequencies on a fuzzy top level: only identical values are adjusted', async tt => {
  const tbl = textTable(['martha', 'marhta', 'martha'])
  const spec: MatchingFieldSpec = { field: 'n', comparison: { type: 'JaroWinkler', threshold: 0.9 }, m: 0.9, u: 0.05, termFrequency: true }
  const f = compileField(spec, tbl)
  tt.ok(near(f.weightFor(0, 1), Math.log2(0.9 / 0.05)), 'martha/marhta: the plain top weight')
  tt.ok(near(f.weightFor(0, 2), Math.log2(0.9 / ((2 + TF_PRIOR_VALUES * 0.05) / (3 + TF_PRIOR_VALUES)))), 'martha/martha: log2(m / tf)')
})

t.test('term frequencies from many values approach the observed share', async tt => {
  // 100,000 values: smith ×20,000 (tf 0.2), and 80,000 distinct others.
  const values = Array.from({ length: 100_000 }, (_, i) => (i < 20_000 ? 'smith' : `v${i}`))
  const tbl = textTable(values)
  const smith = termFrequencyAdjustments(tbl.column('n'), 0.01)[tbl.column('n').values.indexOf('smith')]!
  tt.ok(Math.abs(smith - Math.log2(0.01 / 0.2)) < 0.02, `smith ${smith.toFixed(3)} ≈ log2(0.01 / 0.2)`)
})

t.test('term frequencies from external counts: part of a project scores as the whole does', async tt => {
  // The whole project: smith ×6, jones ×2, zabel ×2, one empty. A partial read holds one smith and one zabel.
  const whole = textTable(['smith', 'smith', 'smith', 'smith', 'smith', 'smith', 'jones', 'jones', 'zabel', 'zabel', ''])
  const part = textTable(['zabel', 'smith', 'smith'])
  const counts = { byValue: new Map([['smith', 6], ['jones', 2], ['zabel', 2]]), present: 10 }
  part.setTermCounts('n', counts)
  const spec: MatchingFieldSpec = { field: 'n', comparison: { type: 'JaroWinkler', threshold: 0.9 }, m: 0.9, u: 0.05, termFrequency: true }
  tt.ok(near(compileField(spec, part).weightFor(1, 2), compileField(spec, whole).weightFor(0, 1)), 'smith = smith weighs as in the whole table')
  const fromPart = termFrequencyAdjustments(part.column('n'), 0.05, TF_PRIOR_VALUES, counts)
  const fromWhole = termFrequencyAdjustments(whole.column('n'), 0.05)
  for (const v of ['smith', 'zabel']) {
    tt.equal(fromPart[part.column('n').values.indexOf(v)], fromWhole[whole.column('n').values.indexOf(v)], `${v}: the same adjustment`)
  }
  tt.throws(() => part.setTermCounts('nope', counts), /unknown field/)
})

t.test('accumulate adds exactly what weightFor gives, identical values and the memo included', async tt => {
  // Repeated values (identical pairs recur, so the second pass reads them from the memo), a missing value, and
  // for dates (no memo) a repeated unparseable value, which weighs nothing even against itself.
  const names = textTable(['smith', 'smith', 'smyth', 'smith', '', 'jones', 'jones', 'jomes', 'smith'])
  const dates = dateTable(['1975-03-12', '1975-03-12', '12/03/1975', 'garbage', 'garbage', '', '1975-12-03', '1975-03-12', '1990-01-01'])
  const fields = [
    { label: 'name ladder with term frequencies', field: compileField({ ...NAME, termFrequency: true }, names), size: 9 },
    { label: 'two-level Jaro–Winkler', field: compileField({ field: 'n', comparison: { type: 'JaroWinkler', threshold: 0.88 }, m: 0.9, u: 0.01 }, names), size: 9 },
    { label: 'date ladder', field: compileField({ field: 'd', comparison: { type: 'Date' }, m: 0.85, u: 0.0003,
      levels: [{ comparison: { type: 'Date', allowDayMonthSwap: true }, m: 0.08, u: 0.001 }], termFrequency: true }, dates), size: 9 },
  ]
  for (const { label, field, size } of fields) {
    const left: number[] = [], right: number[] = []
    for (let i = 0; i < size; i++) for (let j = 0; j < size; j++) { left.push(i); right.push(j) }
    const expected = left.map((i, k) => field.weightFor(i, right[k]!))
    for (const pass of ['first', 'second']) {
      const out = new Float64Array(left.length)
      field.accumulate(Int32Array.from(left), Int32Array.from(right), left.length, out)
      tt.ok(Array.from(out).every((w, k) => Object.is(w, expected[k]! + 0)), `${label}: ${pass} pass`)
    }
    tt.ok(expected.some((w, k) => left[k] !== right[k] && w > 0 && field.weightFor(left[k]!, left[k]!) > 0), `${label}: some pairs agree`)
  }
  tt.equal(fields[2]!.field.weightFor(3, 4), 0, 'the same unparseable date weighs nothing')
})
