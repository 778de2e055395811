import { sql, type Kysely } from 'kysely'

/**
 * Key lineage as the worker publishes it (DECISIONS.md "Key lineage"): one row per project, revision and pair of
 * keys. The unique index is what makes a publication idempotent: a retried activity, or the publication of a
 * rollback that undid a move, updates the row. Nulls not distinct: a key whose last records were withdrawn
 * (to_key null) has one such row per revision too.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createTable('key_lineage')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('project_code', 'varchar(20)', (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('changed_at', 'timestamptz', (c) => c.notNull())
    .addColumn('from_key', 'bigint', (c) => c.notNull())
    .addColumn('to_key', 'bigint')
    .addColumn('records', 'integer', (c) => c.notNull())
    .addColumn('key_ended', 'boolean', (c) => c.notNull())
    .addColumn('undone_by', 'integer')
    .addColumn('undone_at', 'timestamptz')
    .addColumn('published_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema.createIndex('key_lineage_move').on('key_lineage').columns(['project_code', 'revision', 'from_key', 'to_key']).unique().nullsNotDistinct().execute()
  // Following one key reads the moves from it and to it.
  await db.schema.createIndex('key_lineage_from').on('key_lineage').columns(['project_code', 'from_key']).execute()
  await db.schema.createIndex('key_lineage_to').on('key_lineage').columns(['project_code', 'to_key']).execute()
}
