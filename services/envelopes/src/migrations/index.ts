import { outboxMigration } from '@ligature/service-kit'
import * as createEnvelopes from './2026_11_22_0001_create_envelopes.js'

export const envelopesMigrations = {
  '2026_11_22_0000_outbox': outboxMigration,
  '2026_11_22_0001_create_envelopes': createEnvelopes,
}
