import { sql, type Kysely } from 'kysely'

/**
 * Extraction projects learn when they were created (a snapshot project's map is the map as of that moment)
 * and get a sealed masking key; projects get their "Data Extraction" settings. Existing extraction projects
 * take their last change as creation time and get a key the first time the worker asks for it.
 */
export async function up(db: Kysely<{ extraction_projects: { created_at: Date } }>): Promise<void> {
  await db.schema.alterTable('extraction_projects')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('masking_key_sealed', 'text')
    .execute()
  await db.updateTable('extraction_projects').set({ created_at: sql`last_modified` }).execute()
  await db.schema.createTable('extraction_settings')
    .addColumn('project_id', 'integer', (c) => c.primaryKey().references('projects.id').onDelete('cascade'))
    .addColumn('columns', 'jsonb', (c) => c.notNull())
    .addColumn('delimiter', 'varchar(5)', (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('last_modified', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
}
