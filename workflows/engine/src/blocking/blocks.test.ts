import t from 'tap'
import { RecordTable } from '../columnar/record-table.js'
import { buildBlocks, NO_BLOCK } from './blocks.js'
import type { BlockingFieldSpec } from '../types.js'

/** Blocks as the definition says: records with equal codes in every field, ids by first appearance. */
function reference(table: RecordTable, fields: readonly BlockingFieldSpec[]): Int32Array {
  const blockOf = new Int32Array(table.size)
  const ids = new Map<string, number>()
  for (let i = 0; i < table.size; i++) {
    const codes = fields.map((f) => table.column(f.field).codes[i]!)
    if (fields.some((f, k) => codes[k] === 0 && !f.matchEmpty)) { blockOf[i] = NO_BLOCK; continue }
    const key = codes.join('|')
    let id = ids.get(key)
    if (id === undefined) { id = ids.size; ids.set(key, id) }
    blockOf[i] = id
  }
  return blockOf
}

t.test('blocks equal the definition over random tables: narrow fields (a direct table) and wide ones (hashed), empty values kept or excluded', async (tt) => {
  let seed = 11
  const random = (bound: number) => { seed = (Math.imul(seed, 1103515245) + 12345) >>> 0; return (seed >>> 8) % bound }
  const specs = ['a', 'b', 'c', 'd'].map((name) => ({ name, kind: 'text' as const }))
  for (let round = 0; round < 20; round++) {
    const n = 500 + random(5000)
    const widths = [1 + random(3), 1 + random(400), 1 + random(n), 1]
    const value = (w: number) => { const v = random(w + 1); return v === w ? '' : `v${v}` }
    const table = RecordTable.fromColumns(Object.fromEntries(specs.map((s, k) => [s.name, Array.from({ length: n }, () => value(widths[k]!))])), specs)
    const orders = [['a', 'b'], ['c', 'b', 'a'], ['d', 'c'], ['b'], ['a', 'b', 'c', 'd']]
    for (const names of orders) {
      const fields = names.map((field) => ({ field, matchEmpty: random(2) === 0 }))
      const blocks = buildBlocks(table, fields)
      tt.same([...blocks.blockOf], [...reference(table, fields)], `round ${round}: ${JSON.stringify(fields)}`)
      // Members: each block's records contiguous and ascending.
      let ordered = true
      for (let b = 0; b < blocks.count; b++) for (let k = blocks.starts[b]! + 1; k < blocks.starts[b + 1]!; k++) {
        if (blocks.members[k - 1]! >= blocks.members[k]! || blocks.blockOf[blocks.members[k]!] !== b) ordered = false
      }
      tt.ok(ordered, 'members grouped by block, ascending')
    }
  }
})
