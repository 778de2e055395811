import { sql, type Kysely } from 'kysely'

/**
 * Bulk-load workflows and linkage requests. A linkage belongs to at most one workflow and, once its data is
 * in an envelope, to that envelope (unique, so the worker can register an envelope's linkage idempotently).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createTable('workflows')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('project_code', 'varchar(20)', (c) => c.notNull())
    .addColumn('name', 'varchar(256)', (c) => c.notNull())
    .addColumn('extraction_project_id', 'varchar(20)')
    .addColumn('initiated_on', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('processing_start', 'timestamptz')
    .addColumn('processing_finish', 'timestamptz')
    .addColumn('status', 'smallint', (c) => c.notNull().check(sql`status between 0 and 6`))
    .execute()
  await db.schema.createIndex('workflows_project').on('workflows').column('project_code').execute()
  await db.schema.createTable('linkages')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('project_code', 'varchar(20)', (c) => c.notNull())
    .addColumn('name', 'varchar(256)', (c) => c.notNull())
    .addColumn('status', 'smallint', (c) => c.notNull().check(sql`status between 0 and 3`))
    .addColumn('linkage_sources', 'jsonb', (c) => c.notNull())
    .addColumn('envelope_name', 'varchar(200)', (c) => c.unique().references('envelopes.name'))
    .addColumn('workflow_id', 'integer', (c) => c.references('workflows.id'))
    .addColumn('created_date_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema.createIndex('linkages_project').on('linkages').column('project_code').execute()
  await db.schema.createIndex('linkages_workflow').on('linkages').column('workflow_id').execute()
}
