import type { DataSource, EventType } from '@ligature/contracts'
import { encodeVersion } from '@ligature/service-kit'
import type { EventTypeRow } from '../db.js'
import { SECRET_MASK } from '../secrets/secret-box.js'
import type { StoredDataSource } from './data-source.repository.js'

/** Secret values never leave the service: every answer shows the mask in their place. */
export const toDataSource = ({ row, settings }: StoredDataSource): DataSource => ({
  id: row.id, dataSourceType: row.data_source_type, importFormatId: row.import_format_id, name: row.name, code: row.code,
  settings: settings.map((s) => ({ name: s.name, dataType: s.data_type, value: s.is_secret ? SECRET_MASK : s.value, isSecret: s.is_secret })),
})

export const toEventType = (r: EventTypeRow, sources: StoredDataSource[]): EventType => ({
  id: r.id, dataProviderId: r.data_provider_id, code: r.code, description: r.description, isAuthoritative: r.is_authoritative,
  category: r.category, dataSources: sources.map(toDataSource), markedForDeletion: r.marked_for_deletion,
  lastModified: r.last_modified.toISOString(), version: encodeVersion(r.revision),
})
