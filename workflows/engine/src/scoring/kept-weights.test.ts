import t from 'tap'
import { defaultStrategies } from '../default-strategies.js'
import { matchRecords, type MatchResult } from '../match.js'
import { syntheticTable } from '../synthetic/table.js'
import type { StrategySpec } from '../types.js'
import { KeptWeights } from './kept-weights.js'

const table = syntheticTable(4000, 11)

/** Kept pairs whose row differs from what explain gives afterwards, or whose explained weights miss its score. */
function differing(match: MatchResult): number {
  const { pairs, weights, scorers } = match
  let count = 0
  for (let k = 0; k < pairs.length; k++) {
    const explained = scorers[pairs.strategy[k]!]!.explain(pairs.left[k]!, pairs.right[k]!)
    let sum = 0
    for (const e of explained) sum += e.weight
    if (explained.some((e, f) => !Object.is(weights.at(k, f), e.weight)) || (explained.length > 0 && sum !== pairs.score[k])) count++
  }
  return count
}

t.test('the weights kept with each pair are those explain gives, for every strategy and in partitions', async (tt) => {
  const whole = matchRecords(table, defaultStrategies())
  tt.ok(whole.pairs.length > 1024, 'more rows than the first allocation holds')
  tt.equal(whole.weights.length, whole.pairs.length, 'a row per kept pair')
  tt.equal(whole.weights.stride, 6, 'a slot per default matching field')
  tt.equal(differing(whole), 0, 'each row holds exactly the explained weights, which add up to the score')
  for (let index = 0; index < 2; index++) {
    const part = matchRecords(table, defaultStrategies(), { partition: { index, count: 2 } })
    tt.equal(differing(part), 0, `partition ${index + 1}: the same`)
  }
})

t.test('a deterministic strategy among probabilistic ones keeps rows in step with the pairs', async (tt) => {
  const exactNames: StrategySpec = { name: 'year and both names', order: 0, isActive: true, threshold: 0,
    blockingFields: [{ field: 'doby', matchEmpty: false }, { field: 'surname', matchEmpty: false }, { field: 'givenName', matchEmpty: false }], matchingFields: [] }
  const match = matchRecords(table, [exactNames, ...defaultStrategies()])
  tt.ok(match.pairs.strategy.subarray(0, match.pairs.length).includes(0), 'the deterministic strategy kept pairs')
  tt.ok(match.pairs.strategy.subarray(0, match.pairs.length).some((s) => s > 0), 'and so did the others')
  tt.equal(match.weights.length, match.pairs.length, 'a row per kept pair')
  tt.equal(differing(match), 0, 'the probabilistic pairs\' rows hold their explained weights')
})

t.test('without matching fields anywhere no weight is kept, but the rows are counted', async (tt) => {
  const kept = new KeptWeights(0)
  kept.append([], new Int32Array([0, 1]), new Int32Array([2, 3]), 2)
  tt.equal(kept.length, 2)
})
