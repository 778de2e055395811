import type { Kysely } from 'kysely'

/**
 * The worker names each job start by its workflow run and activity id. An activity runs at least once, so a start
 * made again after a worker died must find the job it made the first time rather than leave a second one Processing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('request_key', 'varchar(128)').execute()
  await db.schema.createIndex('jobs_request_key').on('jobs').column('request_key').unique().where('request_key', 'is not', null).execute()
}
