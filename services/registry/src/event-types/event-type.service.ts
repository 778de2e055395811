import type { Kysely } from 'kysely'
import type { ErrorKey, EventTypeInput } from '@ligature/contracts'
import { apiError, decodeVersion, enqueueEvent, isAdmin, isUniqueViolation, notFound, type Page, type Principal } from '@ligature/service-kit'
import type { RegistryDb } from '../db.js'
import type { Scope } from '../scope.js'
import { revisionOf } from '../body-guard.js'
import type { SecretBox } from '../secrets/secret-box.js'
import * as repo from './event-type.repository.js'
import { loadDataSources, replaceDataSources } from './data-source.repository.js'
import { checkDataSources } from './data-source-rules.js'
import { resolveEventTypeBody } from './event-type.checks.js'
import { toEventType } from './event-type.mapping.js'

export function createEventTypeService(db: Kysely<RegistryDb>, scope: Scope, box: SecretBox) {
  const visibleOne = async (p: Principal, id: number) => {
    const row = await repo.findEventType(db, id)
    if (!row || !(await scope.canSeeEventType(p, id))) throw notFound('Event type')
    return row
  }
  const withSources = async (rows: Awaited<ReturnType<typeof repo.findEventType>>[]) => {
    const present = rows.filter((r) => r !== undefined)
    const sources = await loadDataSources(db, present.map((r) => r.id))
    return present.map((r) => toEventType(r, sources.get(r.id) ?? []))
  }
  const uniqueCode = (err: unknown): never => { if (isUniqueViolation(err, 'event_types_code_key')) throw apiError('eventTypeCodeUsed'); throw err }
  /** Body rules first (no database needed), with the call's own 400 message: create and update differ. */
  const checkedSources = (input: EventTypeInput, badRequest: ErrorKey) => {
    const { problems, sources } = checkDataSources(input.dataSources ?? [])
    if (problems.length) throw apiError(badRequest, problems)
    return { ...input, dataSources: sources }
  }
  const list = async (p: Principal, page: Page, providerId?: number) => {
    const { rows, total } = await repo.listEventTypes(db, page, isAdmin(p) ? null : await scope.memberEventTypeIds(p), providerId)
    return { items: await withSources(rows), total }
  }

  return {
    list,
    async listForProvider(p: Principal, providerId: number, page: Page) {
      const provider = await db.selectFrom('data_providers').select('id').where('id', '=', providerId).executeTakeFirst()
      if (!provider || !(await scope.canSeeProvider(p, providerId))) throw notFound('Data provider')
      return list(p, page, providerId)
    },
    get: async (p: Principal, id: number) => (await withSources([await visibleOne(p, id)]))[0]!,
    async create(body: EventTypeInput) {
      const input = checkedSources(body, 'createEventType')
      const id = await db.transaction().execute(async (trx) => {
        const { problems, sources } = await resolveEventTypeBody(trx, input, box, null)
        if (problems.length) throw apiError('createEventType', problems)
        const row = await repo.insertEventType(trx, input).catch(uniqueCode)
        await replaceDataSources(trx, row.id, sources)
        return row.id
      })
      return (await withSources([await repo.findEventType(db, id)]))[0]!
    },
    async update(p: Principal, id: number, body: EventTypeInput) {
      await visibleOne(p, id)
      const input = checkedSources(body, 'unparseableBody')
      await db.transaction().execute(async (trx) => {
        const stored = await trx.selectFrom('event_types').select('data_provider_id').where('id', '=', id).forUpdate().executeTakeFirst()
        if (!stored) throw notFound('Event type')
        const previous = (await loadDataSources(trx, [id])).get(id) ?? []
        const { problems, sources } = await resolveEventTypeBody(trx, input, box, { dataProviderId: stored.data_provider_id, sources: previous })
        if (problems.length) throw apiError('unparseableBody', problems)
        const changed = await repo.updateEventType(trx, id, input, revisionOf(decodeVersion(input.version))).catch(uniqueCode)
        if (changed === 0) throw apiError('staleVersion')
        await replaceDataSources(trx, id, sources)
      })
    },
    /** Marks the event type and, in the same transaction, asks for the job that end-dates its data. */
    async markForDeletion(p: Principal, id: number) {
      await visibleOne(p, id)
      await db.transaction().execute(async (trx) => {
        const row = await repo.markEventTypeForDeletion(trx, id)
        if (!row) throw notFound('Event type')
        await enqueueEvent(trx, 'eventTypeDeleted', { id: row.id, code: row.code })
      })
    },
  }
}
export type EventTypeService = ReturnType<typeof createEventTypeService>
