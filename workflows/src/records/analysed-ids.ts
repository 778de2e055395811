/**
 * A query of record ids, stored in a temporary table and analysed before the read that joins it, so the planner
 * joins the records and their keys knowing how many ids there are. Planned from the query itself, the grouping
 * read of a small incremental linkage (10,000 records into a million: 14,346 ids, estimated at 69,633) scanned
 * the whole records and record_keys tables and hash-joined them, 0.76–0.98 s in psql; from the analysed table it
 * looks the ids up, 0.21–0.24 s with the table's creation included. A large envelope's ids still get the scans,
 * because the estimate is then large too. Not worth it for a read selecting a large share of the project (the
 * touched matching read at 28 %: 1.2–1.4 s → 1.7 s, the copy costing more than the estimate saves).
 */
import type pg from 'pg'
import { withReadSettings } from './read-settings.js'

/** One per session: a read runs to its end before its connection starts another. */
const TABLE = 'linkage_read_ids'

/**
 * Runs `read` with `ids` (SQL selecting a column `id`) stored and analysed; `read` gets the SQL that selects
 * them again. The table is dropped after, so a pooled connection leaves as it came. Inside a caller's
 * transaction that then fails, the drop fails too and the caller's rollback removes the table.
 */
export async function withAnalysedIds<T>(client: pg.ClientBase, ids: string, read: (only: string) => Promise<T>): Promise<T> {
  // A read cut short on this connection (its drop failed) must not make this one fail.
  await client.query(`drop table if exists pg_temp.${TABLE}`)
  // Under the read's planner settings too: with the default page cost, gathering a small linkage's ids and their
  // groups walked the whole key index (3,000,000 records and 10,000 new, in psql: 0.65 s, against 0.21 s with
  // an index lookup per id).
  await withReadSettings(client, () => client.query(`create temporary table ${TABLE} as ${ids}`))
  try {
    await client.query(`analyze pg_temp.${TABLE}`)
    return await read(`select id from pg_temp.${TABLE}`)
  } finally {
    await client.query(`drop table if exists pg_temp.${TABLE}`).catch(() => undefined)
  }
}
