import { sql, type Kysely } from 'kysely'

/**
 * Clerical-review lists: one row per linkage that listed pairs or flagged groups, the quality-review file kept
 * whole as text (a few rows per listed record; the worker uploads nothing over CLERICAL_FILE_MAX_CHARS).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createTable('clerical_reviews')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('project_code', 'varchar(20)', (c) => c.notNull())
    .addColumn('envelope_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('linkage_id', 'integer', (c) => c.notNull())
    .addColumn('pairs', 'integer', (c) => c.notNull())
    .addColumn('pairs_linked', 'integer', (c) => c.notNull())
    .addColumn('flagged_groups', 'integer', (c) => c.notNull())
    .addColumn('records', 'integer', (c) => c.notNull())
    .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  // A retried upload of the same linkage's list replaces the row (one list per linkage).
  await db.schema.createIndex('clerical_reviews_linkage').on('clerical_reviews').column('linkage_id').unique().execute()
  await db.schema.createIndex('clerical_reviews_project').on('clerical_reviews').columns(['project_code', 'id']).execute()
  await db.schema.createIndex('clerical_reviews_envelope').on('clerical_reviews').columns(['envelope_name']).execute()
}
