import { sql, type Kysely } from 'kysely'

/**
 * Who destroyed which records' personal identifiers, when and why: one row per request, kept for good (the
 * audit trail of an irreversible act). The workflow row carries its status; its job carries the counts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createTable('record_destructions')
    .addColumn('workflow_id', 'integer', (c) => c.primaryKey().references('workflows.id'))
    .addColumn('project_code', 'varchar(20)', (c) => c.notNull())
    .addColumn('requested_by', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('envelope_name', 'varchar(200)')
    .addColumn('event_type_code', 'varchar(15)')
    .addColumn('source_unique_id_count', 'integer')
    .addColumn('requested_on', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema.createIndex('record_destructions_project').on('record_destructions').column('project_code').execute()
}
