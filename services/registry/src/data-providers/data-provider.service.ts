import type { Kysely } from 'kysely'
import type { DataProvider, DataProviderInput } from '@ligature/contracts'
import { apiError, decodeVersion, encodeVersion, enqueueEvent, isAdmin, isUniqueViolation, notFound, type Page, type Principal } from '@ligature/service-kit'
import type { DataProviderRow, RegistryDb } from '../db.js'
import * as repo from './data-provider.repository.js'
import type { Scope } from '../scope.js'
import { revisionOf } from '../body-guard.js'
import { markProviderEventTypesForDeletion } from '../event-types/event-type.repository.js'

export const toDataProvider = (r: DataProviderRow): DataProvider => ({
  id: r.id, code: r.code, organisation: r.organisation, contactName: r.contact_name, email: r.email, phone: r.phone,
  markedForDeletion: r.marked_for_deletion, lastModified: r.last_modified.toISOString(), version: encodeVersion(r.revision),
})

export function createDataProviderService(db: Kysely<RegistryDb>, scope: Scope) {
  const visibleOne = async (p: Principal, id: number) => {
    const row = await repo.findDataProvider(db, id)
    if (!row || !(await scope.canSeeProvider(p, id))) throw notFound('Data provider')
    return row
  }
  const uniqueCode = (err: unknown) => { if (isUniqueViolation(err)) throw apiError('dataProviderCodeUsed'); throw err }

  return {
    async list(p: Principal, page: Page) {
      const { rows, total } = await repo.listDataProviders(db, page, isAdmin(p) ? null : await scope.visibleProviderIds(p))
      return { items: rows.map(toDataProvider), total }
    },
    get: async (p: Principal, id: number) => toDataProvider(await visibleOne(p, id)),
    create: async (input: DataProviderInput) => toDataProvider(await repo.insertDataProvider(db, input).catch(uniqueCode)),
    async update(p: Principal, id: number, input: DataProviderInput) {
      await visibleOne(p, id)
      const changed = await repo.updateDataProvider(db, id, input, revisionOf(decodeVersion(input.version))).catch(uniqueCode)
      if (changed === 0) throw apiError('staleVersion')
    },
    /** Marks the provider and its event types and, in the same transaction, asks for the job that end-dates their data. */
    async markForDeletion(p: Principal, id: number) {
      await visibleOne(p, id)
      await db.transaction().execute(async (trx) => {
        const row = await repo.markDataProviderForDeletion(trx, id)
        if (!row) throw notFound('Data provider')
        await markProviderEventTypesForDeletion(trx, id)
        await enqueueEvent(trx, 'dataProviderDeleted', { id: row.id, code: row.code })
      })
    },
  }
}
export type DataProviderService = ReturnType<typeof createDataProviderService>
