import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  // Last members event applied per project: an older event redelivered late never overwrites a newer list.
  await db.schema.createTable('project_member_sync')
    .addColumn('project_code', 'varchar(20)', (c) => c.primaryKey())
    .addColumn('occurred_at', 'timestamptz', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('project_members_event_type').on('project_members').column('event_type_id').execute()
}
