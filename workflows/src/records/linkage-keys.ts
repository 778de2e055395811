/**
 * Stores a linkage's keys: only records whose key changed (incoming records, regrouped or merged ones) are
 * written, through COPY into a temporary table and one upsert, so a linkage that adds a few records to a
 * large project writes a few rows. Runs inside the caller's transaction.
 */
import type pg from 'pg'
import { batched, copyIn } from './copy-in.js'
import { quoteIdent } from './record-schema.js'

function* changedKeys(ids: Float64Array, previousKeys: Float64Array, keyOf: Float64Array): Generator<string> {
  for (let i = 0; i < ids.length; i++) if (keyOf[i] !== previousKeys[i]) yield `${ids[i]}\t${keyOf[i]}\n`
}

export async function writeKeys(client: pg.ClientBase, schema: string, linkageId: number, ids: Float64Array,
  previousKeys: Float64Array, keyOf: Float64Array, nextKeyNumber: number): Promise<void> {
  const s = quoteIdent(schema)
  await client.query('create temporary table linkage_keys (record_id bigint not null, key_number bigint not null) on commit drop')
  await copyIn(client, 'copy linkage_keys (record_id, key_number) from stdin', batched(changedKeys(ids, previousKeys, keyOf)))
  await client.query(`insert into ${s}.record_keys (record_id, key_number, linkage_id) select record_id, key_number, $1 from linkage_keys
    on conflict (record_id) do update set key_number = excluded.key_number, linkage_id = excluded.linkage_id`, [linkageId])
  await client.query(`update ${s}.key_sequence set next_key = greatest(next_key, $1)`, [nextKeyNumber])
}
