import type { Kysely } from 'kysely'

/**
 * The worker names each notification by its workflow run and activity id, as it does job starts (0005): a
 * notification written again by an activity run a second time must find the first instead of repeating it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('notifications').addColumn('request_key', 'varchar(128)').execute()
  await db.schema.createIndex('notifications_request_key').on('notifications').column('request_key').unique().where('request_key', 'is not', null).execute()
}
