import { sql, type Kysely } from 'kysely'

/** Probability estimates: one row per estimation envelope run, the whole JSON document kept (a few KB). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createTable('estimates')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('envelope_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('project_code', 'varchar(20)', (c) => c.notNull())
    .addColumn('sender', 'varchar(15)', (c) => c.notNull())
    .addColumn('document', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  // A retried upload of the same envelope's estimate replaces the row (one estimate per envelope).
  await db.schema.createIndex('estimates_envelope').on('estimates').column('envelope_name').unique().execute()
  await db.schema.createIndex('estimates_project').on('estimates').columns(['project_code', 'id']).execute()
}
