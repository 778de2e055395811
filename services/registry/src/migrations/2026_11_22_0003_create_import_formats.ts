import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  // `name` is the spec's "import format code": unique, 409 on a clash.
  await db.schema.createTable('import_formats')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('column_type', 'smallint', (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('last_modified', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema.createTable('import_format_columns')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('import_format_id', 'integer', (c) => c.notNull().references('import_formats.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('linkage_field', 'varchar(50)', (c) => c.notNull())
    .addColumn('column_index', 'integer')
    .addColumn('start_position', 'integer')
    .addColumn('end_position', 'integer')
    .addColumn('format', 'varchar(255)')
    .execute()
  await db.schema.createIndex('import_format_columns_format').on('import_format_columns').columns(['import_format_id', 'position']).execute()
}
