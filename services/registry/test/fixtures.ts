import { connectNats, enqueueEvent, subjectIn } from '@ligature/service-kit'
import { Events, type EventData } from '@ligature/contracts'
import { api, type Platform } from '@ligature/testkit'
import { startProjectMembersConsumer } from '@ligature/registry/members'

/** Realistic bodies shared by the registry's integration tests. */
export const providerBody = (code: string) => ({
  code, organisation: 'WA Department of Health', contactName: 'Data Custodian', email: 'custodian@health.example.org', phone: '+61 8 9222 4222',
})

export const namedFormatBody = (name: string) => ({
  name, columnType: 3, columns: [
    { name: 'rec_id', linkageField: 'sourceUniqueId' },
    { name: 'surname', linkageField: 'surname' },
    { name: 'date_of_birth', linkageField: 'dateOfBirth', format: 'yyyy-MM-dd' },
    { name: 'ward', linkageField: '' },
  ],
})

export const delimitedSource = (importFormatId: number) => ({
  dataSourceType: 'DelimitedFile', importFormatId, name: 'Admissions CSV files', code: 'CSV',
  settings: [
    { name: 'columnSeparator', dataType: 'string', value: ',', isSecret: false },
    { name: 'isFirstLineHeader', dataType: 'boolean', value: 'true', isSecret: false },
  ],
})

export const postgresSource = (importFormatId: number, connectionString = 'postgres://ligature:s3cret@db.example.org/health') => ({
  dataSourceType: 'PostgreSQL', importFormatId, name: 'Admissions staging table', code: 'PGSTAGE',
  settings: [
    { name: 'connectionString', value: connectionString, isSecret: true },
    { name: 'table', value: 'staging.admissions', isSecret: false },
  ],
})

export const eventTypeBody = (dataProviderId: number, code: string, dataSources: unknown[] = []) => ({
  dataProviderId, code, description: 'Public hospital admissions', isAuthoritative: false, category: 'Hospital Admissions', dataSources,
})

/** Calls the gateway under /api/v3.3 (admin token unless one is given). */
export const caller = (platform: Platform) => (method: string, path: string, body?: unknown, token: string | null = platform.adminToken) =>
  api(platform.url, method, `/api/v3.3${path}`, { ...(token ? { token } : {}), ...(body === undefined ? {} : { body }) })

/** A provider, a format and an event type using it, created through the API; returns their ids. */
export async function seed(platform: Platform, suffix: string) {
  const call = caller(platform)
  const provider = (await call('POST', '/dataproviders', providerBody(`P${suffix}`))).json
  const format = (await call('POST', '/importformats', namedFormatBody(`Format ${suffix}`))).json
  const eventType = (await call('POST', '/eventtypes', eventTypeBody(provider.id, `E${suffix}`, [delimitedSource(format.id)]))).json
  return { providerId: provider.id as number, formatId: format.id as number, eventTypeId: eventType.id as number }
}

/**
 * Runs the registry's members consumer against the test platform and publishes members events the way the
 * projects service does (through its outbox), so scoping tests see exactly what production would.
 */
export async function membersFeed(platform: Platform) {
  const nc = await connectNats(process.env.NATS_URL ?? 'nats://127.0.0.1:4222', 'registry-test')
  const log = { error() {}, warn() {}, info() {} } as never
  const consumer = await startProjectMembersConsumer({ db: platform.services.registry.db, nc, namespace: platform.namespace, log })
  const db = platform.services.registry.db
  return {
    /** Publishes through the registry's own relay (test-only shortcut for the projects service's outbox). */
    async publish(data: EventData<'projectMembersChanged'>) {
      await enqueueEvent(db, 'projectMembersChanged', data)
    },
    /** Raw publish, to test what the consumer does with bad messages. */
    raw: (payload: string) => nc.publish(subjectIn(platform.namespace, Events.projectMembersChanged.subject), payload),
    /** Waits until the projection holds `count` rows for the project. */
    async until(projectCode: string, count: number, timeoutMs = 10_000) {
      const end = Date.now() + timeoutMs
      while (Date.now() < end) {
        const rows = await db.selectFrom('project_members').select('event_type_id').where('project_code', '=', projectCode).execute()
        if (rows.length === count) return rows.map((r: { event_type_id: number }) => r.event_type_id)
        await new Promise((r) => setTimeout(r, 50))
      }
      throw new Error(`project ${projectCode} never reached ${count} members`)
    },
    async close() { await consumer.stop(); await nc.drain() },
  }
}
