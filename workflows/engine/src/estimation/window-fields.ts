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
 * Per block, a bit mask over `emFields` (field names, at most 31) of the fields its windows sorted on; 0 for a
 * block compared whole. Null when the strategy has no large block.
 */
export function windowedFieldMasks(table: RecordTable, blocks: Blocks, neighbourhood: Neighbourhood, emFields: readonly string[]): Int32Array | null {
  if (emFields.length > 31) throw new Error('at most 31 estimated fields per strategy')
  const columns = neighbourhood.sortFields.map((f) => table.column(f))
  const bitOf = neighbourhood.sortFields.map((f) => emFields.reduce((bits, name, k) => (name === f ? bits | (1 << k) : bits), 0))
  let masks: Int32Array | null = null
  for (let b = 0; b < blocks.count; b++) {
    const from = blocks.starts[b]!, size = blocks.starts[b + 1]! - from
    if (size <= neighbourhood.blockCap) continue
    masks ??= new Int32Array(blocks.count)
    for (const c of blockSortColumns(columns, blocks.members.subarray(from, from + size))) masks[b]! |= bitOf[c]!
  }
  return masks
}
