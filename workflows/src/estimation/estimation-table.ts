/**
 * The records an estimation looks at: the project's active records (existing, read with COPY like a linkage
 * reads them) plus the envelope's staged records (incoming), as one RecordTable of the fields the match
 * configuration uses. Reading is one COPY statement, so it sees one consistent snapshot and needs no lock.
 */
import { createReadStream } from 'node:fs'
import { createInterface } from 'node:readline'
import type pg from 'pg'
import { RecordTableBuilder, type RecordTable } from '@ligature/engine'
import { RECORD_COLUMNS } from '../loading/store/copy-text.js'
import { copyOutRaw, splitFields } from '../records/copy-out.js'
import { columnSpecs } from '../records/linkage-records.js'
import { quoteIdent } from '../records/record-schema.js'

export async function estimationTable(client: pg.ClientBase, schema: string, fields: readonly string[], stagingPaths: readonly string[]): Promise<{ table: RecordTable; existing: number; incoming: number }> {
  const s = quoteIdent(schema)
  const builder = new RecordTableBuilder(columnSpecs(fields), 1 << 14)
  const select = fields.map((f) => `r.${quoteIdent(f)}`).join(', ')
  const existing = await copyOutRaw(client, `select ${select} from ${s}.records r where r.end_dated_at is null order by r.id`,
    (row) => { builder.addRow(row, 0, false) })
  const positions = fields.map((f) => {
    const at = (RECORD_COLUMNS as readonly string[]).indexOf(f)
    if (at < 0) throw new Error(`field ${f} is not a record column`)
    return at
  })
  const cells: (string | null)[] = [], values: (string | null)[] = []
  let incoming = 0
  for (const path of stagingPaths) {
    for await (const line of createInterface({ input: createReadStream(path), crlfDelay: Infinity })) {
      if (line === '') continue
      splitFields(line, 0, line.length, cells)
      values.length = 0
      for (const at of positions) values.push(cells[at] ?? null)
      builder.add(values, 0, true)
      incoming++
    }
  }
  return { table: builder.build(), existing, incoming }
}
