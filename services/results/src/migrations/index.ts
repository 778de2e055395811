import { outboxMigration } from '@ligature/service-kit'

export const resultsMigrations = {
  '2026_11_22_0000_outbox': outboxMigration,
}
