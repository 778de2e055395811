import { sql, type Kysely } from 'kysely'

/** Every pipeline step is a job; `project_code` carries its scope, the spec's Job fields the rest. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createTable('jobs')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('Queued', 'Processing', 'Complete', 'Failed', 'Cancelled')`))
    .addColumn('processing_start', 'timestamptz')
    .addColumn('processing_finish', 'timestamptz')
    .addColumn('project_id', 'integer')
    .addColumn('project_code', 'varchar(20)')
    .addColumn('project_name', 'varchar(100)')
    .addColumn('data_provider_id', 'integer')
    .addColumn('data_provider_name', 'varchar(255)')
    .addColumn('event_type_id', 'integer')
    .addColumn('envelope_name', 'varchar(200)', (c) => c.references('envelopes.name'))
    .addColumn('linkage_id', 'integer', (c) => c.references('linkages.id'))
    .addColumn('workflow_id', 'integer', (c) => c.references('workflows.id'))
    .addColumn('stats', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .execute()
  await db.schema.createIndex('jobs_envelope').on('jobs').column('envelope_name').execute()
  await db.schema.createIndex('jobs_project').on('jobs').column('project_code').execute()
}
