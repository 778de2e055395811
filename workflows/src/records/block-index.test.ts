import t from 'tap'
import { buildBlockIndex, lowerBound, tupleHash } from './block-index.js'

t.test('rows ordered by their blocking hash, every row once, ties in row order', async (t) => {
  let x = 5
  const next = () => { x = (Math.imul(x, 1103515245) + 12345) >>> 0; return x }
  const n = 5_000
  const a = Int32Array.from({ length: n }, () => next() % 40), b = Int32Array.from({ length: n }, () => next() % 7)
  const { hashes, rows } = buildBlockIndex([a, b])
  t.same([...rows].sort((p, q) => p - q), Array.from({ length: n }, (_, r) => r), 'a permutation of the rows')
  t.ok(rows.every((r, k) => hashes[k] === tupleHash([a[r]!, b[r]!], 2)), 'each hash is its row\'s')
  t.ok(hashes.every((h, k) => k === 0 || hashes[k - 1]! < h || (hashes[k - 1] === h && rows[k - 1]! < rows[k]!)), 'ascending, ties in row order')
  // Hashes above 2³¹ sort as unsigned numbers.
  t.ok(hashes.some((h) => h >= 2 ** 31) && hashes.some((h) => h < 2 ** 31), 'both halves of the hash range occur')
})

t.test('lowerBound finds a hash\'s first position, or where it would go', async (t) => {
  const hashes = Uint32Array.from([3, 3, 7, 2 ** 32 - 1])
  t.same([0, 3, 4, 7, 8, 2 ** 32 - 1].map((h) => lowerBound(hashes, h)), [0, 0, 2, 2, 3, 3])
  t.equal(lowerBound(new Uint32Array(0), 9), 0)
})
