import type { Kysely, Transaction } from 'kysely'
import type { DataSource } from '@ligature/contracts'
import type { DataSourceRow, DataSourceSettingRow, RegistryDb } from '../db.js'

type Db = Kysely<RegistryDb> | Transaction<RegistryDb>

export interface StoredDataSource { row: DataSourceRow; settings: DataSourceSettingRow[] }

/** The data sources of the given event types, by event type id, each in id order with settings in body order. */
export async function loadDataSources(db: Db, eventTypeIds: number[]): Promise<Map<number, StoredDataSource[]>> {
  const byEventType = new Map<number, StoredDataSource[]>(eventTypeIds.map((id) => [id, []]))
  if (eventTypeIds.length === 0) return byEventType
  const sources = await db.selectFrom('data_sources').selectAll().where('event_type_id', 'in', eventTypeIds).orderBy('id').execute()
  const settings = sources.length === 0 ? [] : await db.selectFrom('data_source_settings').selectAll()
    .where('data_source_id', 'in', sources.map((s) => s.id)).orderBy('data_source_id').orderBy('position').execute()
  for (const row of sources) {
    byEventType.get(row.event_type_id)!.push({ row, settings: settings.filter((s) => s.data_source_id === row.id) })
  }
  return byEventType
}

/** A data source ready to store: setting values already sealed where secret. */
export type DataSourceToStore = DataSource & { settings: NonNullable<DataSource['settings']> }

/**
 * Makes the stored sources of an event type equal to `sources`: those with an id are updated in place, those
 * without are added, stored ones not in the list are removed (with their settings). Settings are rewritten.
 */
export async function replaceDataSources(trx: Transaction<RegistryDb>, eventTypeId: number, sources: DataSourceToStore[]): Promise<void> {
  const keep = sources.flatMap((s) => (s.id === undefined ? [] : [s.id]))
  let removed = trx.deleteFrom('data_sources').where('event_type_id', '=', eventTypeId)
  if (keep.length) removed = removed.where('id', 'not in', keep)
  await removed.execute()
  for (const source of sources) {
    const values = { data_source_type: source.dataSourceType, import_format_id: source.importFormatId, name: source.name, code: source.code ?? null }
    const id = source.id !== undefined
      ? (await trx.updateTable('data_sources').set(values).where('id', '=', source.id).execute(), source.id)
      : (await trx.insertInto('data_sources').values({ ...values, event_type_id: eventTypeId }).returning('id').executeTakeFirstOrThrow()).id
    await trx.deleteFrom('data_source_settings').where('data_source_id', '=', id).execute()
    if (source.settings.length === 0) continue
    await trx.insertInto('data_source_settings').values(source.settings.map((s, position) => ({
      data_source_id: id, position, name: s.name, data_type: s.dataType ?? null, value: s.value, is_secret: s.isSecret,
    }))).execute()
  }
}
