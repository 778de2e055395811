import { outboxMigration } from '@ligature/service-kit'
import * as createExtractions from './2026_11_25_0001_create_extractions.js'
import * as createEstimates from './2026_11_25_0002_create_estimates.js'
import * as createClericalReviews from './2026_11_25_0003_create_clerical_reviews.js'
import * as createKeyLineage from './2026_11_25_0004_create_key_lineage.js'

export const resultsMigrations = {
  '2026_11_22_0000_outbox': outboxMigration,
  '2026_11_25_0001_create_extractions': createExtractions,
  '2026_11_25_0002_create_estimates': createEstimates,
  '2026_11_25_0003_create_clerical_reviews': createClericalReviews,
  '2026_11_25_0004_create_key_lineage': createKeyLineage,
}
