/**
 * Stores a linkage's keys: only records whose key changed (incoming records, regrouped or merged ones) are
 * written, through COPY into a temporary table and one upsert, so a linkage that adds a few records to a
 * large project writes a few rows. Runs inside the caller's transaction.
 */
import type pg from 'pg'
import { batched, copyIn } from './copy-in.js'
import { quoteIdent } from './record-schema.js'

function* changedKeys(ids: Float64Array, previousKeys: Float64Array, keyOf: Float64Array): Generator<string> {
  for (let i = 0; i < ids.length; i++) if (keyOf[i] !== previousKeys[i]) yield `${ids[i]}\t${keyOf[i]}\t${previousKeys[i] === 0 ? 't' : 'f'}\n`
}

export async function writeKeys(client: pg.ClientBase, schema: string, linkageId: number, ids: Float64Array,
  previousKeys: Float64Array, keyOf: Float64Array, nextKeyNumber: number): Promise<void> {
  const s = quoteIdent(schema)
  await client.query('create temporary table linkage_keys (record_id bigint not null, key_number bigint not null, fresh boolean not null) on commit drop')
  await copyIn(client, 'copy linkage_keys (record_id, key_number, fresh) from stdin', batched(changedKeys(ids, previousKeys, keyOf)))
  // A record without a previous key has no row yet (key numbers start at 1): plain inserts for those, updates
  // for the rest, rather than one upsert paying the conflict check on every row.
  await client.query(`insert into ${s}.record_keys (record_id, key_number, linkage_id) select record_id, key_number, $1 from linkage_keys where fresh`, [linkageId])
  await client.query(`update ${s}.record_keys k set key_number = t.key_number, linkage_id = $1 from linkage_keys t where not t.fresh and k.record_id = t.record_id`, [linkageId])
  await client.query(`update ${s}.key_sequence set next_key = greatest(next_key, $1)`, [nextKeyNumber])
}
