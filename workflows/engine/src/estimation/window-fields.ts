/**
 * Fields a large block's windows chose its pairs by. A block over the cap makes only the pairs of records close
 * in its sort orders (neighbourhood.ts), so on its pairs the sort fields agree far more often than on random pairs,
 * matches or not: sorted by date of birth, neighbours in a block of thousands share a birth date by the order, not
 * by being one person. EM with the random-pair u takes that agreement for matches (at three million generated
 * people *Surname and given name* settled on date of birth m 0.15 and did not converge). So, as for the fields the
 * blocking fixes, a windowed pair's sort fields are left out of EM (missing on that pair); whole blocks' pairs
 * keep them, and their m comes from there and from the other strategies.
 */
import type { Blocks } from '../blocking/blocks.js'
import { blockSortColumns, type Neighbourhood } from '../blocking/neighbourhood.js'
import type { RecordTable } from '../columnar/record-table.js'

/**
 * Per block and EM field (index block × emFields.length + field), 1 where the block's windows sorted on that field;
 * all 0 for a block compared whole. Null when the strategy has no large block.
 */
export function windowedFields(table: RecordTable, blocks: Blocks, neighbourhood: Neighbourhood, emFields: readonly string[]): Uint8Array | null {
  const columns = neighbourhood.sortFields.map((f) => table.column(f))
  const fieldOf = neighbourhood.sortFields.map((f) => emFields.indexOf(f))
  const k = emFields.length
  let flags: Uint8Array | null = null
  for (let b = 0; b < blocks.count; b++) {
    const from = blocks.starts[b]!, size = blocks.starts[b + 1]! - from
    if (size <= neighbourhood.blockCap) continue
    flags ??= new Uint8Array(blocks.count * k)
    for (const c of blockSortColumns(columns, blocks.members.subarray(from, from + size))) if (fieldOf[c]! >= 0) flags[b * k + fieldOf[c]!] = 1
  }
  return flags
}
