import { outboxMigration } from '@ligature/service-kit'
import * as createProjects from './2026_11_22_0001_create_projects.js'
import * as createMatchConfig from './2026_11_22_0002_create_match_config.js'
import * as createExtractionProjects from './2026_11_22_0003_create_extraction_projects.js'
import * as extractionKeysAndSettings from './2026_11_25_0004_extraction_keys_and_settings.js'

export const projectsMigrations = {
  '2026_11_22_0000_outbox': outboxMigration,
  '2026_11_22_0001_create_projects': createProjects,
  '2026_11_22_0002_create_match_config': createMatchConfig,
  '2026_11_22_0003_create_extraction_projects': createExtractionProjects,
  '2026_11_25_0004_extraction_keys_and_settings': extractionKeysAndSettings,
}
