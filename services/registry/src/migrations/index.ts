import { outboxMigration } from '@ligature/service-kit'
import * as createDataProviders from './2026_11_22_0001_create_data_providers.js'
import * as createEventTypes from './2026_11_22_0002_create_event_types.js'
import * as createImportFormats from './2026_11_22_0003_create_import_formats.js'
import * as createDataSources from './2026_11_22_0004_create_data_sources.js'
import * as trackProjectMemberEvents from './2026_11_22_0005_track_project_member_events.js'

export const registryMigrations = {
  '2026_11_22_0000_outbox': outboxMigration,
  '2026_11_22_0001_create_data_providers': createDataProviders,
  '2026_11_22_0002_create_event_types': createEventTypes,
  '2026_11_22_0003_create_import_formats': createImportFormats,
  '2026_11_22_0004_create_data_sources': createDataSources,
  '2026_11_22_0005_track_project_member_events': trackProjectMemberEvents,
}
