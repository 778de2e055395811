/**
 * The cheap bounds that let string fields skip the memo and the comparator (StringGate, a ladder's
 * surelyDisagrees) must never change a weight: every pair of a random table scores exactly what the comparison
 * computed afresh gives.
 */
import t from 'tap'
import fc from 'fast-check'
import { jaroWinkler } from '../comparators/jaro-winkler.js'
import { levenshteinSimilarity } from '../comparators/levenshtein.js'
import { RecordTable } from '../columnar/record-table.js'
import type { MatchingFieldSpec } from '../types.js'
import { WeightCurve } from '../weights/curve.js'
import { fieldWeights } from '../weights/weights.js'
import { compileField } from './compile-field.js'
import { SimilarityToWeight } from './field-scorer.js'
import { levelWeights } from './levelled-field.js'

// Short strings over few letters: many near matches, as names and postcodes in one block.
const values = fc.array(fc.string({ unit: fc.constantFrom(...'aaeinrst0126'.split('')), minLength: 1, maxLength: 7 }), { minLength: 2, maxLength: 40 })
const table = (vs: string[]) => RecordTable.fromRows(vs.map(n => ({ n })), [{ name: 'n', kind: 'text' }])

/** Every pair's weight, through accumulate (twice: the second pass reads the memo) and weightFor. */
function allWeights(spec: MatchingFieldSpec, vs: string[]): { accumulated: number[]; again: number[]; single: number[] } {
  const field = compileField(spec, table(vs))
  const left: number[] = [], right: number[] = []
  for (let i = 0; i < vs.length; i++) for (let j = i + 1; j < vs.length; j++) { left.push(i); right.push(j) }
  const pass = () => {
    const out = new Float64Array(left.length)
    field.accumulate(Int32Array.from(left), Int32Array.from(right), left.length, out)
    return Array.from(out)
  }
  return { accumulated: pass(), again: pass(), single: left.map((i, k) => field.weightFor(i, right[k]!)) }
}

const pairsOf = (vs: string[]) => vs.flatMap((a, i) => vs.slice(i + 1).map(b => [a, b] as const))
const agrees = (expected: number[], got: { accumulated: number[]; again: number[]; single: number[] }) =>
  [got.accumulated, got.again, got.single].every(w => w.length === expected.length && w.every((x, k) => Object.is(x, expected[k])))

t.test('two-level Jaro–Winkler and Levenshtein (with a curve) score as computed afresh', async tt => {
  const jw: MatchingFieldSpec = { field: 'n', comparison: { type: 'JaroWinkler', threshold: 0.88 }, m: 0.7, u: 0.002 }
  const lev: MatchingFieldSpec = { field: 'n', comparison: { type: 'Levenshtein', maxDistance: 1 }, m: 0.85, u: 0.02,
    curve: [{ distance: 0, weightProportion: 0 }, { distance: 0.75, weightProportion: 0.5 }, { distance: 1, weightProportion: 1 }] }
  const jwWeight = new SimilarityToWeight(fieldWeights(jw), 0.88, null)
  const levWeight = new SimilarityToWeight(fieldWeights(lev), Number.MIN_VALUE, new WeightCurve(lev.curve!))
  // Equal values take the agreement weight directly, whatever the curve says at similarity 1.
  const jwOf = (a: string, b: string) => a === b ? jwWeight.weights.agreement : jwWeight.weight(jaroWinkler(a, b))
  const levOf = (a: string, b: string) => a === b ? levWeight.weights.agreement : levWeight.weight(levenshteinSimilarity(a, b, 1))
  fc.assert(fc.property(values, vs => agrees(pairsOf(vs).map(([a, b]) => jwOf(a, b)), allWeights(jw, vs)) &&
    agrees(pairsOf(vs).map(([a, b]) => levOf(a, b)), allWeights(lev, vs))), { numRuns: 300 })
  tt.pass('300 random tables')
})

t.test('Jaro–Winkler and Levenshtein ladders score as computed afresh', async tt => {
  const name: MatchingFieldSpec = { field: 'n', comparison: { type: 'JaroWinkler', threshold: 0.92 }, m: 0.8, u: 0.004,
    levels: [{ comparison: { type: 'JaroWinkler', threshold: 0.88, prefixScale: 0.2 }, m: 0.05, u: 0.004 }] }
  const code: MatchingFieldSpec = { field: 'n', comparison: { type: 'Levenshtein', maxDistance: 1 }, m: 0.8, u: 0.01,
    levels: [{ comparison: { type: 'Levenshtein', maxDistance: 2 }, m: 0.1, u: 0.05 }] }
  const [nameOff, nameTop, nameClose] = levelWeights(name) as [number, number, number]
  const [codeOff, codeTop, codeClose] = levelWeights(code) as [number, number, number]
  const nameLevel = (a: string, b: string) => jaroWinkler(a, b) >= 0.92 ? nameTop : jaroWinkler(a, b, 0.2) >= 0.88 ? nameClose : nameOff
  // Level 1 keeps the top comparison's own similarity-to-weight: agreement at distance ≤ 1 without a curve.
  const codeLevel = (a: string, b: string) => levenshteinSimilarity(a, b, 1) > 0 ? codeTop : levenshteinSimilarity(a, b, 2) > 0 ? codeClose : codeOff
  fc.assert(fc.property(values, vs => agrees(pairsOf(vs).map(([a, b]) => a === b ? nameTop : nameLevel(a, b)), allWeights(name, vs)) &&
    agrees(pairsOf(vs).map(([a, b]) => a === b ? codeTop : codeLevel(a, b)), allWeights(code, vs))), { numRuns: 300 })
  tt.pass('300 random tables')
})
