/**
 * `key-lineage.csv`, the extra file of an enduring extraction's result zip: the project's key lineage
 * (records/key-lineage.ts) as read in the extraction's own transaction, so it matches the data file. Keys are
 * written as the data file writes enduring keys (`LK…`); a blank To Person Key means the key's last records
 * were deleted or withdrawn. Comma-separated whatever the data file's delimiter: it is a fixed-layout file.
 */
import type pg from 'pg'
import { formatKey } from '@ligature/engine'
import { keyLineageSql } from '../records/key-lineage.js'
import { csvLine } from './csv.js'

export const KEY_LINEAGE_FILE_NAME = 'key-lineage.csv'
export const KEY_LINEAGE_HEADER = ['Revision', 'Changed At', 'From Person Key', 'To Person Key', 'Records Moved', 'From Key Ended'] as const

interface LineageRow { revision: number; committed_at: Date; from_key: string; to_key: string | null; records: number; key_ended: boolean }

export const keyLineageLine = (r: LineageRow) => csvLine([String(r.revision), r.committed_at.toISOString(), formatKey(Number(r.from_key)),
  r.to_key === null ? '' : formatKey(Number(r.to_key)), String(r.records), r.key_ended ? 'Y' : 'N'], ',')

export async function keyLineageFile(client: pg.ClientBase, schema: string): Promise<Buffer> {
  const rows = await client.query<LineageRow>(keyLineageSql(schema))
  return Buffer.from(csvLine(KEY_LINEAGE_HEADER, ',') + rows.rows.map(keyLineageLine).join(''), 'utf8')
}
