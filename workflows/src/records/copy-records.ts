import { pipeline } from 'node:stream/promises'
import { Readable } from 'node:stream'
import type pg from 'pg'
import { from as copyFrom } from 'pg-copy-streams'
import { RECORD_COLUMNS, copyTextLine, recordValues } from '../loading/store/copy-text.js'
import type { PreprocessedRecord } from '../loading/preprocess/preprocess-row.js'
import { quoteIdent, RECORD_META_COLUMNS } from './record-schema.js'

export interface CopyTarget { schema: string; eventTypeId: number; linkageId: number; fileIndex: number }

/**
 * Bulk-loads records with COPY in one transaction per file: the file's earlier rows for this linkage are
 * deleted first, so a retried activity (the worker killed mid-load) leaves neither duplicates nor gaps.
 */
export async function copyRecords(client: pg.ClientBase, target: CopyTarget, records: AsyncIterable<{ rowNumber: number; record: PreprocessedRecord }>): Promise<number> {
  const s = quoteIdent(target.schema)
  const columns = [...RECORD_META_COLUMNS, ...RECORD_COLUMNS].map(quoteIdent).join(', ')
  let count = 0
  await client.query('begin')
  try {
    await client.query(`delete from ${s}.records where linkage_id = $1 and file_index = $2`, [target.linkageId, target.fileIndex])
    const sink = client.query(copyFrom(`copy ${s}.records (${columns}) from stdin`))
    const prefix = `${target.eventTypeId}\t${target.linkageId}\t${target.fileIndex}\t`
    const lines = async function* () {
      let batch = ''
      for await (const { rowNumber, record } of records) {
        batch += prefix + rowNumber + '\t' + copyTextLine(recordValues(record))
        count++
        if (batch.length > 1 << 16) { yield batch; batch = '' }
      }
      if (batch) yield batch
    }
    await pipeline(Readable.from(lines()), sink)
    await client.query('commit')
    return count
  } catch (err) {
    await client.query('rollback').catch(() => {})
    throw err
  }
}
