import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createTable('data_providers')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('code', 'varchar(15)', (c) => c.notNull().unique())
    .addColumn('organisation', 'varchar(100)', (c) => c.notNull())
    .addColumn('contact_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('email', 'varchar(320)', (c) => c.notNull())
    .addColumn('phone', 'varchar(20)')
    .addColumn('marked_for_deletion', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('last_modified', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
}
