import { outboxMigration } from '@ligature/service-kit'
import * as createDataProviders from './2026_11_22_0001_create_data_providers.js'
import * as createEventTypes from './2026_11_22_0002_create_event_types.js'

export const registryMigrations = {
  '2026_11_22_0000_outbox': outboxMigration,
  '2026_11_22_0001_create_data_providers': createDataProviders,
  '2026_11_22_0002_create_event_types': createEventTypes,
}
