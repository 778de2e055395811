/**
 * The shape every map change other than a linkage shares: one transaction under the project's key lock; a
 * change already committed for the same `source` (a retried job) answers its stored outcome and does nothing;
 * otherwise `run` makes its changes under a new revision, whose outcome and commit time are stamped last.
 */
import type pg from 'pg'
import { closeRevision, lockProjectKeys } from './linkage-keys.js'
import { quoteIdent } from './record-schema.js'

export interface RevisionStart { kind: string; actor?: string; reason?: string; undoes?: number }

export async function onceUnderProjectLock<T>(client: pg.ClientBase, schema: string, source: string,
  run: (open: (start: RevisionStart) => Promise<number>) => Promise<{ revision: number | null; outcome: T }>): Promise<T> {
  const s = quoteIdent(schema)
  await client.query('begin')
  try {
    await lockProjectKeys(client, schema)
    const done = await client.query<{ outcome: T }>(`select outcome from ${s}.revisions where source = $1 and committed_at is not null`, [source])
    if (done.rows[0]) { await client.query('rollback'); return done.rows[0].outcome }
    const open = async (r: RevisionStart) => Number((await client.query<{ revision: string }>(`insert into ${s}.revisions (kind, source, actor, reason, undoes)
      values ($1, $2, $3, $4, $5) returning revision`, [r.kind, source, r.actor ?? null, r.reason ?? null, r.undoes ?? null])).rows[0]!.revision)
    const { revision, outcome } = await run(open)
    if (revision === null) { await client.query('rollback'); return outcome }
    await client.query(`update ${s}.revisions set outcome = $2 where revision = $1`, [revision, JSON.stringify(outcome)])
    await closeRevision(client, schema, revision)
    await client.query('commit')
    return outcome
  } catch (err) {
    await client.query('rollback').catch(() => {})
    throw err
  }
}
