import pg from 'pg'
import { ApplicationFailure } from '@temporalio/activity'
import { ServiceCallError } from '../clients/service-client.js'
import type { RegistryClient } from '../clients/registry-client.js'

export interface DeletionActivityDeps { registry: RegistryClient; databaseUrl: string }

/** Per-project record tables that can be end-dated: `project_*.records` with `event_type_id` and `end_dated_at`. */
const RECORD_TABLES = `
  select c.table_schema as schema from information_schema.columns c
  where c.table_name = 'records' and c.table_schema like 'project\\_%' and c.column_name = 'event_type_id'
    and exists (select 1 from information_schema.columns e
                where e.table_schema = c.table_schema and e.table_name = 'records' and e.column_name = 'end_dated_at')
  order by 1`

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`

export function deletionActivities({ registry, databaseUrl }: DeletionActivityDeps) {
  let pool: pg.Pool | undefined
  // Created on first use and allowed to close when idle, so a worker that never deletes holds no connections.
  const db = () => {
    if (!pool) {
      pool = new pg.Pool({ connectionString: databaseUrl, max: 2, idleTimeoutMillis: 10_000, allowExitOnIdle: true })
      pool.on('error', () => {})
    }
    return pool
  }
  return {
    /**
     * End-dates every current record of the event type in every project's record table and returns how many.
     * Projects whose record table does not exist yet (or has no end-dating columns) hold no records of it, so
     * they are skipped: with no record store at all this is a no-op. Safe to repeat.
     */
    async endDateEventTypeRecords(eventTypeId: number): Promise<number> {
      const tables = await db().query<{ schema: string }>(RECORD_TABLES)
      let endDated = 0
      for (const { schema } of tables.rows) {
        const res = await db().query(
          `update ${quoteIdent(schema)}.records set end_dated_at = now() where event_type_id = $1 and end_dated_at is null`, [eventTypeId])
        endDated += res.rowCount ?? 0
      }
      return endDated
    },
    /** The ids of the provider's event types (empty when the provider is already gone). */
    async listDataProviderEventTypes(providerId: number): Promise<number[]> {
      return registry.providerEventTypeIds(providerId).catch((err) => {
        if (err instanceof ServiceCallError && err.status === 404) return []
        throw err
      })
    },
    async removeEventType(id: number): Promise<void> { await registry.removeEventType(id).catch(notMarkedIsFinal) },
    async removeDataProvider(id: number): Promise<void> { await registry.removeDataProvider(id).catch(notMarkedIsFinal) },
  }
}

/** The registry refuses to remove an item not marked for deletion (409): retrying cannot change that. */
function notMarkedIsFinal(err: unknown): never {
  if (err instanceof ServiceCallError && err.status === 409) throw ApplicationFailure.nonRetryable(err.message, 'NotMarkedForDeletion')
  throw err
}
