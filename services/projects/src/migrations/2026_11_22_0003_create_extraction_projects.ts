import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createTable('extraction_projects')
    .addColumn('id', 'varchar(20)', (c) => c.primaryKey())
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('code', 'varchar(60)', (c) => c.notNull().unique())
    .addColumn('description', 'varchar(200)', (c) => c.notNull())
    .addColumn('use_enduring_linkage_keys', 'boolean', (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('last_modified', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  // `insert … on conflict do update … returning` on this row hands out each month's numbers one at a time.
  await db.schema.createTable('extraction_id_counters')
    .addColumn('month', 'char(6)', (c) => c.primaryKey())
    .addColumn('last_sequence', 'integer', (c) => c.notNull())
    .execute()
}
