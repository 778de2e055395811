/**
 * Project-to-project linkage of a calling project against its reference project (one activity): the calling
 * project's current groups and the reference project's current records (of the linked event types) in one
 * record table, the calling project's active strategies over it, and for each calling group the reference
 * key of its best calling–reference pair, stored in the calling project's `reference_links` (replacing the
 * previous run's). The reference project is read in a READ ONLY transaction: nothing of it is ever written.
 */
import type pg from 'pg'
import { Matcher, RecordTableBuilder, type StrategySpec } from '@ligature/engine'
import { batched, copyIn } from '../records/copy-in.js'
import { copyOut } from '../records/copy-out.js'
import { columnSpecs } from '../records/linkage-records.js'
import { quoteIdent } from '../records/record-schema.js'
import { fieldsUsed } from '../pipeline/match-config.js'
import { referenceKeysByGroup } from './reference-match.js'

export interface ReferenceLinkInput {
  schema: string
  referenceSchema: string
  referenceProjectId: number
  /** Reference event types compared; empty: all of the reference project's records. */
  eventTypeIds: number[]
  strategies: StrategySpec[]
  linkageId: number
}

export interface ReferenceLinkOutcome {
  callingRecords: number
  callingGroups: number
  referenceRecords: number
  pairs: number
  groupsLinked: number
}

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve))

const currentRecordsSql = (schema: string, fields: string[], eventTypeIds: number[]) => {
  const s = quoteIdent(schema)
  const only = eventTypeIds.length > 0 ? ` and r.event_type_id in (${eventTypeIds.map((id) => Math.trunc(Number(id))).join(', ')})` : ''
  return `select k.key_number${fields.map((f) => `, r.${quoteIdent(f)}`).join('')} from ${s}.records r
    join ${s}.record_keys k on k.record_id = r.id and k.to_revision is null where r.end_dated_at is null${only} order by r.id`
}

export async function linkAgainstReference(client: pg.ClientBase, referenceClient: pg.ClientBase, input: ReferenceLinkInput): Promise<ReferenceLinkOutcome> {
  const fields = fieldsUsed(input.strategies)
  const builder = new RecordTableBuilder(columnSpecs(fields), 1 << 12)
  const keys: number[] = []
  const groups = new Set<number>()
  const callingRecords = await copyOut(client, currentRecordsSql(input.schema, fields, []), (row) => {
    keys.push(Number(row[0])); groups.add(Number(row[0]))
    builder.add(row, 1, true)
  })
  let referenceRecords = 0
  await referenceClient.query('begin transaction isolation level repeatable read, read only')
  try {
    // A reference project that never loaded anything has no record store yet: nothing to link against.
    const store = await referenceClient.query<{ present: boolean }>(`select to_regclass($1) is not null and to_regclass($2) is not null as present`,
      [`${quoteIdent(input.referenceSchema)}.records`, `${quoteIdent(input.referenceSchema)}.record_keys`])
    if (store.rows[0]!.present) {
      referenceRecords = await copyOut(referenceClient, currentRecordsSql(input.referenceSchema, fields, input.eventTypeIds), (row) => {
        keys.push(Number(row[0]))
        // Reference records are the "existing" side: the engine never pairs two of them.
        builder.add(row, 1, false)
      })
    }
    await referenceClient.query('commit')
  } catch (err) {
    await referenceClient.query('rollback').catch(() => {})
    throw err
  }
  let pairs = 0
  let best = new Map<number, { referenceKey: number; score: number }>()
  if (fields.length > 0 && callingRecords > 0 && referenceRecords > 0) {
    const matcher = new Matcher(builder.build(), input.strategies)
    while (matcher.step()) await yieldToEventLoop()
    const match = matcher.result()
    pairs = match.pairs.length
    best = referenceKeysByGroup(match.pairs, callingRecords, Float64Array.from(keys))
  }
  await storeReferenceLinks(client, input, best)
  return { callingRecords, callingGroups: groups.size, referenceRecords, pairs, groupsLinked: best.size }
}

function* linkLines(input: ReferenceLinkInput, best: Map<number, { referenceKey: number; score: number }>): Generator<string> {
  for (const [group, m] of best) yield `${group}\t${input.referenceProjectId}\t${m.referenceKey}\t${m.score}\t${input.linkageId}\n`
}

/** Replaces the calling project's links in one transaction: a retried activity writes the same rows again. */
async function storeReferenceLinks(client: pg.ClientBase, input: ReferenceLinkInput, best: Map<number, { referenceKey: number; score: number }>) {
  const s = quoteIdent(input.schema)
  await client.query('begin')
  try {
    await client.query(`delete from ${s}.reference_links`)
    await copyIn(client, `copy ${s}.reference_links (key_number, reference_project_id, reference_key, score, linkage_id) from stdin`, batched(linkLines(input, best)))
    await client.query('commit')
  } catch (err) {
    await client.query('rollback').catch(() => {})
    throw err
  }
}
