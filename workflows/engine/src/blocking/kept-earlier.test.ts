import t from 'tap'
import { defaultStrategies } from '../default-strategies.js'
import { StrategyScorer } from '../scoring/strategy-scorer.js'
import { syntheticTable } from '../synthetic/table.js'
import { buildBlocks } from './blocks.js'
import { KeptByEarlier } from './kept-earlier.js'
import { blockWindows, sortFieldsOf } from './neighbourhood.js'

t.test('a block at a time (enterBlock, hasAt) decides every pair as has does, large earlier blocks included', async (t) => {
  const table = syntheticTable(3000, 9)
  const [first, second, third, fourth] = defaultStrategies()
  // The first rule compares every block whole; the second makes many earlier blocks large, compared by windows.
  for (const rule of [{ blockCap: 5000, window: 25 }, { blockCap: 4, window: 2 }]) {
    const earlier = [first!, second!, third!].map((s) => {
      const blocks = buildBlocks(table, s.blockingFields)
      return { blocks, windows: blockWindows(table, blocks, { ...rule, sortFields: sortFieldsOf(s, table) }), scorer: new StrategyScorer(s, table), threshold: s.threshold }
    })
    const kept = new KeptByEarlier(earlier)
    let pairs = 0, excluded = 0, differ = 0
    const members = new Int32Array(5000)
    const blocksOf = [buildBlocks(table, fourth!.blockingFields), ...earlier.map((e) => e.blocks)]
    for (const blocks of blocksOf) {
      for (let b = 0; b < blocks.count; b++) {
        const from = blocks.starts[b]!, size = blocks.starts[b + 1]! - from
        if (size < 2) continue
        members.set(blocks.members.subarray(from, from + size))
        kept.enterBlock(members, size)
        for (let a = 0; a < size; a++) for (let c = a + 1; c < size; c++) {
          const x = members[a]!, y = members[c]!, i = Math.min(x, y), j = Math.max(x, y)
          const byBlock = kept.hasAt(a, c, i, j)
          if (byBlock !== kept.has(i, j)) differ++
          pairs++
          if (byBlock) excluded++
        }
      }
    }
    t.equal(differ, 0, `block cap ${rule.blockCap}: ${pairs} pairs, ${excluded} kept earlier, decided alike`)
    t.ok(excluded > 0 && excluded < pairs, 'some pairs are excluded and some are not')
  }
})
