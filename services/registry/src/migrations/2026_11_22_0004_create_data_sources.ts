import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  // Removing an event type removes its sources; an import format in use cannot disappear under a source.
  await db.schema.createTable('data_sources')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('event_type_id', 'integer', (c) => c.notNull().references('event_types.id').onDelete('cascade'))
    .addColumn('data_source_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('import_format_id', 'integer', (c) => c.notNull().references('import_formats.id'))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('code', 'varchar(15)')
    // Codes identify a source inside its event type (linkage requests name eventTypeCode + dataSourceCode).
    // Deferred, so an update that swaps two codes is checked only at commit.
    .addUniqueConstraint('data_sources_code_unique', ['event_type_id', 'code'], (c) => c.deferrable().initiallyDeferred())
    .execute()
  await db.schema.createIndex('data_sources_event_type').on('data_sources').column('event_type_id').execute()
  await db.schema.createIndex('data_sources_import_format').on('data_sources').column('import_format_id').execute()
  // `value` holds the clear text, or for secrets the AES-256-GCM sealed form (see secrets/secret-box.ts).
  await db.schema.createTable('data_source_settings')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('data_source_id', 'integer', (c) => c.notNull().references('data_sources.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('data_type', 'varchar(200)')
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('is_secret', 'boolean', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('data_source_settings_source').on('data_source_settings').column('data_source_id').execute()
}
