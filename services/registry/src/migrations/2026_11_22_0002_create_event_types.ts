import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createTable('event_types')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('data_provider_id', 'integer', (c) => c.notNull().references('data_providers.id'))
    .addColumn('code', 'varchar(15)', (c) => c.notNull().unique())
    .addColumn('description', 'varchar(4000)', (c) => c.notNull())
    .addColumn('is_authoritative', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('category', 'varchar(40)', (c) => c.notNull())
    .addColumn('marked_for_deletion', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('last_modified', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  // Projection of the projects service's membership events: which projects each event type belongs to.
  await db.schema.createTable('project_members')
    .addColumn('project_code', 'varchar(20)', (c) => c.notNull())
    .addColumn('event_type_id', 'integer', (c) => c.notNull())
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addPrimaryKeyConstraint('project_members_pk', ['project_code', 'event_type_id'])
    .execute()
}
