import t from 'tap'
import { RecordTable } from '../columnar/record-table.js'
import { DEFAULT_COLUMNS, DEFAULT_FIELDS, defaultStrategies } from '../default-strategies.js'
import { soundex } from '../preprocess/soundex.js'
import { syntheticPeople } from '../synthetic/generate.js'
import { estimateParameters, suggestThreshold } from './estimate.js'
import { FieldLevels } from './levels.js'
import type { MatchingFieldSpec } from '../types.js'

const DERIVED = { doby: 'dateOfBirth', dobm: 'dateOfBirth', dobd: 'dateOfBirth', surnameSoundex: 'surname',
  givenNameSoundex: 'givenName', givenNameInitial: 'givenName' }

function table(records: number, seed: number): RecordTable {
  const rows = [...syntheticPeople({ records, seed })].map(p => ({
    givenName: p.givenName, surname: p.surname, sex: p.sex, addressLine: p.addressLine, suburb: p.suburb,
    postcode: p.postcode, state: p.state, dateOfBirth: p.dateOfBirth,
    doby: p.dateOfBirth.slice(0, 4), dobm: p.dateOfBirth.slice(4, 6), dobd: p.dateOfBirth.slice(6, 8),
    surnameSoundex: soundex(p.surname.toUpperCase().replace(/[^A-Z]/g, '')),
    givenNameSoundex: soundex(p.givenName.toUpperCase().replace(/[^A-Z]/g, '')), givenNameInitial: p.givenName.slice(0, 1),
  }))
  return RecordTable.fromRows(rows, DEFAULT_COLUMNS)
}

t.test('levels follow the scorer: agree, disagree, missing', async tt => {
  const tbl = RecordTable.fromRows([{ n: 'martha' }, { n: 'marhta' }, { n: 'zoe' }, { n: '' }], [{ name: 'n', kind: 'text' }])
  const levels = new FieldLevels({ field: 'n', comparison: { type: 'JaroWinkler', threshold: 0.9 }, m: 0.9, u: 0.1,
    curve: [{ distance: 0, weightProportion: 0 }, { distance: 1, weightProportion: 1 }] }, tbl)
  tt.same([levels.level(0, 1), levels.level(0, 2), levels.level(0, 3), levels.level(3, 3)], [1, 0, -1, -1])
})

t.test('synthetic people: every field m > u, m in (0, 1), converged, blocking-fixed fields left out', async tt => {
  const result = estimateParameters(table(3000, 5), defaultStrategies(), { derivedFrom: DERIVED, seed: 7 })
  tt.equal(result.strategies.length, 4)
  tt.ok(result.converged, `converged (${result.iterations} iterations at most)`)
  tt.equal(result.uSample.pairs, 200_000)
  for (const s of result.strategies) {
    tt.ok(s.candidatePairs > 0, `${s.name}: ${s.candidatePairs} candidate pairs`)
    tt.ok(s.lambda! > 0 && s.lambda! < 1)
    tt.ok(Number.isFinite(s.suggestedThreshold), `${s.name}: suggested threshold ${s.suggestedThreshold?.toFixed(2)}`)
    for (const f of s.fields) {
      tt.ok(f.m > f.u, `${s.name} ${f.field}: m ${f.m.toFixed(4)} > u ${f.u.toFixed(5)}`)
      tt.ok(f.m > 0 && f.m < 1)
      tt.equal(f.mSource, 'em')
    }
  }
  const dob = result.strategies.find(s => s.name === 'Date of Birth')!
  tt.same(dob.fieldsFixedByBlocking, ['dateOfBirth', 'sex'])
  tt.equal(dob.fields.find(f => f.field === 'dateOfBirth')!.mThisStrategy, null)
  const address = result.strategies.find(s => s.name === 'Address')!
  tt.same(address.fieldsFixedByBlocking, ['addressLine', 'postcode'])
  // One comparison, one m: every strategy reports the mean of the strategies that estimated it.
  const m = (s: typeof dob, field: string) => s.fields.find(f => f.field === field)!.m
  tt.equal(m(dob, 'surname'), m(address, 'surname'))
})

t.test('reproducible with a seed; another seed samples other u pairs', async tt => {
  const tbl = table(1500, 9)
  const a = estimateParameters(tbl, defaultStrategies(), { derivedFrom: DERIVED, seed: 3, uSamplePairs: 20_000 })
  const b = estimateParameters(tbl, defaultStrategies(), { derivedFrom: DERIVED, seed: 3, uSamplePairs: 20_000 })
  const c = estimateParameters(tbl, defaultStrategies(), { derivedFrom: DERIVED, seed: 4, uSamplePairs: 20_000 })
  tt.same(a, b)
  tt.not(a.strategies[0]!.fields[0]!.u, c.strategies[0]!.fields[0]!.u)
})

t.test('a field no strategy can estimate keeps its configured m; deterministic strategies keep their threshold', async tt => {
  const tbl = table(800, 2)
  const strategies = defaultStrategies().slice(0, 1).map(s => ({ ...s, matchingFields: s.matchingFields.filter(f => f.field === 'dateOfBirth' || f.field === 'surname') }))
  const deterministic = { ...strategies[0]!, name: 'Exact', order: 9, matchingFields: [] }
  const result = estimateParameters(tbl, [...strategies, deterministic], { derivedFrom: DERIVED })
  const dob = result.strategies[0]!.fields.find(f => f.field === 'dateOfBirth')!
  tt.equal(dob.mSource, 'configured'); tt.equal(dob.m, DEFAULT_FIELDS.dateOfBirth.m)
  tt.equal(result.strategies[1]!.suggestedThreshold, null)
  tt.ok(result.strategies[1]!.deterministic)
})

t.test('a field absent from the data keeps its configured m and u', async tt => {
  const tbl = table(800, 4)
  const blank = RecordTable.fromColumns(Object.fromEntries(tbl.columnNames.map(n => [n,
    Array.from({ length: tbl.size }, (_, i) => (n === 'sex' ? null : tbl.column(n).value(i) || null))])), DEFAULT_COLUMNS)
  const result = estimateParameters(blank, defaultStrategies(), { derivedFrom: DERIVED })
  for (const s of result.strategies) {
    const sex = s.fields.find(f => f.field === 'sex')!
    tt.match(sex, { m: 0.97, u: 0.5, mSource: 'configured', uSource: 'configured', mThisStrategy: null })
  }
})

t.test('the threshold uses λ smoothed by the number of pairs: a tiny all-match strategy does not go far below zero', async tt => {
  const rows = [0, 1, 2].flatMap(k => [{ id: `x${k}`, name: `ann${k}`, city: `c${k}` }, { id: `x${k}`, name: `ann${k}`, city: `c${k}` }])
  const tbl = RecordTable.fromRows(rows, ['id', 'name', 'city'].map(name => ({ name, kind: 'text' as const })))
  const strategy = { name: 'Id', order: 1, isActive: true, threshold: 10, blockingFields: [{ field: 'id', matchEmpty: false }],
    matchingFields: [{ field: 'name', comparison: { type: 'Exact' as const }, m: 0.9, u: 0.1 }, { field: 'city', comparison: { type: 'Exact' as const }, m: 0.9, u: 0.1 }] }
  const s = estimateParameters(tbl, [strategy], { uSamplePairs: 1000 }).strategies[0]!
  tt.equal(s.candidatePairs, 3)
  const lambda = (s.expectedMatches! + 1) / (3 + 2)
  tt.ok(Math.abs(s.suggestedThreshold! - -Math.log2(lambda / (1 - lambda))) < 1e-9, `threshold ${s.suggestedThreshold} from λ ${lambda}`)
  tt.ok(s.suggestedThreshold! > -3)
})

t.test('multi-level fields: EM estimates every level, u per level from random pairs', async tt => {
  const tbl = table(2000, 6)
  const levelled: MatchingFieldSpec = { field: 'givenName', comparison: { type: 'Exact' }, m: 0.7, u: 0.01, levels: [
    { comparison: { type: 'JaroWinkler', threshold: 0.92 }, m: 0.1, u: 0.01 },
    { comparison: { type: 'JaroWinkler', threshold: 0.88 }, m: 0.05, u: 0.02 }] }
  const strategies = defaultStrategies().map(s => ({ ...s, matchingFields: s.matchingFields.map(f => (f.field === 'givenName' ? levelled : f)) }))
  const levels = new FieldLevels(levelled, tbl)
  tt.equal(levels.levels, 4)
  const result = estimateParameters(tbl, strategies, { derivedFrom: DERIVED, uSamplePairs: 50_000 })
  tt.ok(result.converged)
  const given = result.strategies[0]!.fields.find(f => f.field === 'givenName')!
  tt.equal(given.mSource, 'em')
  tt.equal(given.levels!.length, 2)
  const mSum = given.m + given.levels!.reduce((s, l) => s + l.m, 0)
  const uSum = given.u + given.levels!.reduce((s, l) => s + l.u, 0)
  tt.ok(mSum < 1 && uSum < 1, `Σm ${mSum.toFixed(4)}, Σu ${uSum.toFixed(4)}`)
  tt.ok(given.m > 20 * given.u, `exact m ${given.m.toFixed(4)} u ${given.u.toFixed(5)}`)
  for (const l of given.levels!) tt.ok(l.m > 0 && l.u > 0 && Number.isFinite(l.agreementWeight), `level m ${l.m.toFixed(4)} u ${l.u.toFixed(5)}`)
  tt.ok(Math.abs(given.disagreementWeight - Math.log2((1 - mSum) / (1 - uSum))) < 1e-9, 'disagreement from the rest of each row')
  tt.same(given.levels![1]!.configured, { m: 0.05, u: 0.02 })
  const sex = result.strategies[0]!.fields.find(f => f.field === 'sex')!
  tt.equal(sex.levels, undefined, 'fields without levels keep the two-level document')
})

t.test('suggested threshold: the Bayes formula', async tt => {
  const base = { targetPosterior: 0.5, expectedMatches: 99, pairs: 398, fixedAgreementWeights: [3, 4] }
  // λ = 100/400 = 0.25: −log2(1/3) + 7
  tt.equal(suggestThreshold(base), Math.log2(3) + 7)
  tt.ok(Math.abs(suggestThreshold({ ...base, targetPosterior: 0.8 }) - (2 + Math.log2(3) + 7)) < 1e-12)
  // Smoothing: 3 pairs, all matches by EM, give λ = 4/5, not 1.
  tt.ok(Math.abs(suggestThreshold({ ...base, expectedMatches: 3, pairs: 3, fixedAgreementWeights: [] }) + 2) < 1e-12)
})

t.test('a strategy blocking on a TF name reports the odds its adjustments add; without TF none', async tt => {
  const tbl = table(3000, 9)
  const strategies = defaultStrategies().filter(s => s.name === 'Surname and given name')
  const on = estimateParameters(tbl, strategies, { seed: 1, derivedFrom: DERIVED }).strategies[0]!
  const off = estimateParameters(tbl, strategies.map(s => ({ ...s, matchingFields: s.matchingFields.map(f => ({ ...f, termFrequency: false })) })),
    { seed: 1, derivedFrom: DERIVED }).strategies[0]!
  tt.equal(off.termFrequencyOffset, undefined)
  tt.ok(on.termFrequencyOffset !== undefined && Number.isFinite(on.termFrequencyOffset))
  tt.equal(on.lambda, off.lambda, 'TF does not enter EM')
  tt.equal(on.suggestedThreshold, off.suggestedThreshold, 'nor the suggested threshold')
})
