import t from 'tap'
import { PairIds } from './pair-ids.js'

t.test('ids are dense, in order of first appearance, and stable for a pair seen again', async (tt) => {
  const ids = new PairIds()
  tt.equal(ids.id(0, 5), 0)
  tt.equal(ids.id(3, 5), 1)
  tt.equal(ids.id(0, 5), 0)
  tt.equal(ids.id(5, 3), 2, 'the order of the halves matters')
  tt.equal(ids.size, 3)
})

t.test('growing keeps every id (against a Map over many colliding pairs)', async (tt) => {
  const ids = new PairIds(1)
  const reference = new Map<string, number>()
  let seed = 7
  const random = (bound: number) => { seed = (Math.imul(seed, 1103515245) + 12345) >>> 0; return seed % bound }
  let mismatches = 0
  for (let k = 0; k < 200_000; k++) {
    // Large firsts with small seconds and the reverse: products beyond 2^31, the case the Map handled slowly.
    const first = k % 2 === 0 ? random(300_000) : random(50), second = k % 2 === 0 ? random(40) : random(2_000_000_000)
    const key = `${first}:${second}`
    let expected = reference.get(key)
    if (expected === undefined) { expected = reference.size; reference.set(key, expected) }
    if (ids.id(first, second) !== expected) mismatches++
  }
  tt.equal(mismatches, 0)
  tt.equal(ids.size, reference.size)
})
