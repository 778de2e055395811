import { sql, type Generated, type Kysely, type Transaction } from 'kysely'
import type { Migration } from 'kysely/migration'
import { jetstream } from '@nats-io/jetstream'
import type { NatsConnection } from '@nats-io/transport-node'
import { Events, type EventData, type EventName } from '@ligature/contracts'
import type { Logger } from 'pino'
import { subjectIn } from './nats.js'

export interface OutboxTable {
  outbox: { id: Generated<number>; subject: string; payload: unknown; created_at: Generated<Date>; published_at: Date | null }
}

/** A service's database seen as its outbox alone: Kysely's database type is invariant, so `Kysely<ServiceDb>`
 * does not widen to `Kysely<OutboxTable>` by itself even though ServiceDb extends it. */
const outboxOf = <DB extends OutboxTable>(db: Kysely<DB>) => db as unknown as Kysely<OutboxTable>

/** Add to a service's migrations: the outbox lives in the service's own schema. */
export const outboxMigration: Migration = {
  async up(db) {
    await db.schema.createTable('outbox')
      .addColumn('id', 'bigserial', (c) => c.primaryKey())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('payload', 'jsonb', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('published_at', 'timestamptz')
      .execute()
    await db.schema.createIndex('outbox_unpublished').on('outbox').column('id').where(sql.ref('published_at'), 'is', null).execute()
  },
}

/** Records an event in the same transaction as the state change it describes, so neither is lost alone. */
export async function enqueueEvent<K extends EventName, DB extends OutboxTable>(trx: Kysely<DB> | Transaction<DB>, name: K, data: EventData<K>): Promise<void> {
  const subject = Events[name].subject
  const payload = { type: subject, version: 1, occurredAt: new Date().toISOString(), data }
  await outboxOf(trx).insertInto('outbox').values({ subject, payload: JSON.stringify(payload) }).execute()
}

export interface RelayOptions<DB extends OutboxTable = OutboxTable> { db: Kysely<DB>; schema: string; nc: NatsConnection; log: Logger; namespace?: string; pollMs?: number }

/**
 * Publishes unpublished outbox rows to JetStream in id order. The JetStream message id is `<schema>-<row id>`,
 * so a crash between publish and mark only causes a duplicate the stream drops.
 */
export function startOutboxRelay<DB extends OutboxTable>({ db, schema, nc, log, namespace = '', pollMs = 250 }: RelayOptions<DB>): { stop: () => Promise<void>; flush: () => Promise<number> } {
  const js = jetstream(nc)
  let stopped = false
  let running: Promise<unknown> = Promise.resolve()

  const flush = async (): Promise<number> => {
    return outboxOf(db).transaction().execute(async (trx) => {
      const rows = await trx.selectFrom('outbox').select(['id', 'subject', 'payload'])
        .where('published_at', 'is', null).orderBy('id').limit(100).forUpdate().skipLocked().execute()
      for (const row of rows) {
        await js.publish(subjectIn(namespace, row.subject), JSON.stringify(row.payload), { msgID: `${schema}-${row.id}` })
        await trx.updateTable('outbox').set({ published_at: sql`now()` }).where('id', '=', row.id).execute()
      }
      return rows.length
    })
  }

  const loop = async () => {
    while (!stopped) {
      const sent = await flush().catch((err: Error) => { log.warn({ err: { message: err.message } }, 'outbox relay: publish failed, will retry'); return 0 })
      if (sent === 0) await new Promise((r) => setTimeout(r, pollMs))
    }
  }
  running = loop()
  return { stop: async () => { stopped = true; await running }, flush }
}
