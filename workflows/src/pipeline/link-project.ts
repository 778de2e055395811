import type pg from 'pg'
import { RecordTable } from '../engine/columnar/record-table.js'
import type { ColumnSpec } from '../engine/columnar/column.js'
import { linkInMemory } from '../engine/link.js'
import { jobStats, linkageReport } from '../engine/stats/linkage-stats.js'
import type { StrategySpec } from '../engine/types.js'
import { quoteIdent } from '../records/record-schema.js'
import { fieldsUsed } from './match-config.js'

export interface LinkProjectInput {
  schema: string
  linkageId: number
  strategies: StrategySpec[]
  groupStrategy: string
  authoritativeEventTypeIds: number[]
}

const DATE_FIELDS = new Set(['dateOfBirth'])

/**
 * Links the linkage's new records against themselves and every active record already in the project, then
 * stores the keys (stable: a group keeps its key; merges keep the smallest) and the kept pairs with their
 * strategy. Grouping runs in memory over typed arrays; the *OnDisk strategies currently share this path.
 */
export async function linkProject(client: pg.ClientBase, input: LinkProjectInput) {
  const s = quoteIdent(input.schema)
  const readStarted = performance.now()
  const fields = fieldsUsed(input.strategies)
  const select = fields.map((f) => `r.${quoteIdent(f)}`).join(', ')
  const res = await client.query({
    text: `select r.id, r.event_type_id, r.linkage_id, coalesce(k.key_number, 0) as key_number${select ? ', ' + select : ''}
           from ${s}.records r left join ${s}.record_keys k on k.record_id = r.id where r.end_dated_at is null order by r.id`,
    rowMode: 'array',
  })
  const n = res.rows.length
  const ids = new Float64Array(n), eventTypeOf = new Int32Array(n), previousKeys = new Float64Array(n), isNew = new Uint8Array(n)
  const columns: Record<string, (string | null)[]> = Object.fromEntries(fields.map((f) => [f, new Array<string | null>(n)]))
  res.rows.forEach((row: unknown[], i) => {
    ids[i] = Number(row[0]); eventTypeOf[i] = Number(row[1]); isNew[i] = Number(row[2]) === input.linkageId ? 1 : 0
    previousKeys[i] = isNew[i] ? 0 : Number(row[3])
    fields.forEach((f, c) => { columns[f]![i] = row[4 + c] as string | null })
  })
  const specs: ColumnSpec[] = fields.map((name) => ({ name, kind: DATE_FIELDS.has(name) ? 'date' : 'text' }))
  const table = RecordTable.fromColumns(columns, specs, isNew)
  const readMs = performance.now() - readStarted
  const seq = await client.query(`select next_key from ${s}.key_sequence`)
  const groupStrategy = input.groupStrategy.startsWith('Merge') ? 'MergeInMemory' : 'WeightedBestLinkInMemory'
  const result = linkInMemory(table, input.strategies, {
    groupStrategy, previousKeys, nextKeyNumber: Number(seq.rows[0].next_key),
    eventTypeOf, authoritativeEventTypes: new Set(input.authoritativeEventTypeIds),
  })
  await storeKeysAndPairs(client, input, ids, result)
  const report = linkageReport(result, n)
  const seconds = (ms: number) => (ms / 1000).toFixed(2)
  const stats = [...jobStats(report),
    { name: 'Candidate pairs', value: String(result.match.runs.reduce((sum, r) => sum + r.pairsCreated, 0)) },
    { name: 'Read seconds', value: seconds(readMs) }, { name: 'Match seconds', value: seconds(result.timings.matchMs) },
    { name: 'Group seconds', value: seconds(result.timings.groupMs) }]
  return { records: n, report, stats, timings: result.timings }
}

async function storeKeysAndPairs(client: pg.ClientBase, input: LinkProjectInput, ids: Float64Array, result: ReturnType<typeof linkInMemory>) {
  const s = quoteIdent(input.schema)
  const { keyOf } = result.keys
  const pairs = result.match.pairs
  const strategyNames = result.match.strategies.map((st) => st.name)
  await client.query('begin')
  try {
    await client.query(`delete from ${s}.pairs where linkage_id = $1`, [input.linkageId])
    for (let start = 0; start < pairs.length; start += 5000) {
      const end = Math.min(pairs.length, start + 5000)
      const l: number[] = [], r: number[] = [], st: string[] = [], sc: number[] = []
      for (let k = start; k < end; k++) {
        l.push(ids[pairs.left[k]!]!); r.push(ids[pairs.right[k]!]!)
        st.push(strategyNames[pairs.strategy[k]!] ?? String(pairs.strategy[k])); sc.push(Number.isFinite(pairs.score[k]!) ? pairs.score[k]! : 1e308)
      }
      await client.query(`insert into ${s}.pairs (linkage_id, left_id, right_id, strategy, score)
        select $1, * from unnest($2::bigint[], $3::bigint[], $4::text[], $5::float8[]) on conflict do nothing`, [input.linkageId, l, r, st, sc])
    }
    for (let start = 0; start < ids.length; start += 20000) {
      const end = Math.min(ids.length, start + 20000)
      const rid: number[] = [], key: number[] = []
      for (let i = start; i < end; i++) { rid.push(ids[i]!); key.push(keyOf[i]!) }
      await client.query(`insert into ${s}.record_keys (record_id, key_number, linkage_id)
        select r, k, $1 from unnest($2::bigint[], $3::bigint[]) as t(r, k)
        on conflict (record_id) do update set key_number = excluded.key_number,
          linkage_id = case when ${s}.record_keys.key_number = excluded.key_number then ${s}.record_keys.linkage_id else excluded.linkage_id end`,
      [input.linkageId, rid, key])
    }
    await client.query(`update ${s}.key_sequence set next_key = greatest(next_key, $1)`, [result.keys.nextKeyNumber])
    await client.query('commit')
  } catch (err) {
    await client.query('rollback').catch(() => {})
    throw err
  }
}
