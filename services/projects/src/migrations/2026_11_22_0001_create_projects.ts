import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createTable('projects')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('code', 'varchar(20)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('description', 'varchar(1000)', (c) => c.notNull())
    .addColumn('notification_email', 'varchar(320)')
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('group_strategy', 'varchar(40)', (c) => c.notNull())
    .addColumn('event_type_members', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('project_links', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('log_type', 'smallint', (c) => c.notNull().defaultTo(1))
    .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('last_modified', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  // Each project's own copy of the default linkage fields, in display order.
  await db.schema.createTable('linkage_fields')
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('position', 'smallint', (c) => c.notNull())
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('display_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('max_length', 'integer', (c) => c.notNull())
    .addColumn('can_specify_format', 'boolean', (c) => c.notNull())
    .addColumn('format_hint', 'varchar(200)')
    .addPrimaryKeyConstraint('linkage_fields_pk', ['project_id', 'name'])
    .execute()
}
