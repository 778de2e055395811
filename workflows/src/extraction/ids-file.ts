/**
 * An extraction envelope's data file: one Source Unique ID per line (like a deletion file), no header,
 * blank lines ignored, surrounding spaces and a trailing CR trimmed. Read as a stream into the session's
 * temporary `extraction_ids` table, keeping each id's first line number for the report of unknown ids.
 */
import { createReadStream } from 'node:fs'
import { createInterface } from 'node:readline'
import type pg from 'pg'
import { copyTextLine } from '../loading/store/copy-text.js'
import { copyIn } from '../records/copy-in.js'
import { ID_TABLE } from './map-query.js'

async function* idLines(path: string): AsyncGenerator<string> {
  let line = 0, batch = ''
  for await (const raw of createInterface({ input: createReadStream(path, 'utf8'), crlfDelay: Infinity })) {
    line++
    const id = raw.trim()
    if (id === '') continue
    batch += copyTextLine([id, line])
    if (batch.length > 1 << 16) { yield batch; batch = '' }
  }
  if (batch) yield batch
}

/** Loads the ids (duplicates collapse to their first line) and answers how many distinct ids were listed. */
export async function loadIdList(client: pg.ClientBase, path: string): Promise<number> {
  await client.query(`create temporary table extraction_id_lines (suid text not null, line integer not null) on commit drop`)
  await copyIn(client, 'copy extraction_id_lines (suid, line) from stdin', idLines(path))
  await client.query(`create temporary table ${ID_TABLE} on commit drop as select suid, min(line) as line from extraction_id_lines group by suid`)
  await client.query(`create unique index on ${ID_TABLE} (suid)`)
  await client.query(`analyze ${ID_TABLE}`)
  return Number((await client.query<{ n: string }>(`select count(*) as n from ${ID_TABLE}`)).rows[0]!.n)
}
