import { pipeline } from 'node:stream/promises'
import { Readable } from 'node:stream'
import type pg from 'pg'
import { from as copyFrom } from 'pg-copy-streams'
import { RECORD_COLUMNS } from '../loading/store/copy-text.js'
import { quoteIdent, RECORD_META_COLUMNS } from './record-schema.js'

export interface CopyTarget { schema: string; eventTypeId: number; linkageId: number; fileIndex: number }

/** The columns before the row number on each of the file's COPY lines (recordCopyLine): event type, linkage, file. */
export function copyLinePrefix(target: CopyTarget): string {
  return `${target.eventTypeId}\t${target.linkageId}\t${target.fileIndex}\t`
}

/**
 * Bulk-loads a file's records, given as COPY text (lines of recordCopyLine with copyLinePrefix(target), as strings
 * or UTF-8 bytes), with one COPY in one transaction per file: the file's earlier rows for this linkage, if any, are
 * deleted first, so a retried activity (the worker killed mid-load) leaves neither duplicates nor gaps.
 */
export async function copyRecords(client: pg.ClientBase, target: CopyTarget, text: AsyncIterable<string | Buffer>): Promise<void> {
  const s = quoteIdent(target.schema)
  const columns = [...RECORD_META_COLUMNS, ...RECORD_COLUMNS].map(quoteIdent).join(', ')
  await client.query('begin')
  try {
    await client.query(`delete from ${s}.records where linkage_id = $1 and file_index = $2`, [target.linkageId, target.fileIndex])
    await pipeline(Readable.from(text), client.query(copyFrom(`copy ${s}.records (${columns}) from stdin`)))
    await client.query('commit')
  } catch (err) {
    await client.query('rollback').catch(() => {})
    throw err
  }
}
