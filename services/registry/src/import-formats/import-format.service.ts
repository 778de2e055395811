import type { Kysely } from 'kysely'
import { ColumnType, enumName, type ErrorKey, type ImportFormat, type ImportFormatInput } from '@ligature/contracts'
import { apiError, decodeVersion, encodeVersion, isAdmin, isUniqueViolation, notFound, type Page, type Principal } from '@ligature/service-kit'
import type { ImportFormatColumnRow, ImportFormatRow, RegistryDb } from '../db.js'
import type { Scope } from '../scope.js'
import { revisionOf } from '../body-guard.js'
import * as repo from './import-format.repository.js'
import { importFormatProblems } from './import-format.rules.js'

export const toImportFormat = (r: ImportFormatRow, columns: ImportFormatColumnRow[]): ImportFormat => ({
  id: r.id, name: r.name, columnType: r.column_type, columnTypeName: enumName(ColumnType, r.column_type),
  columns: columns.map((c) => ({
    id: c.id, name: c.name, linkageField: c.linkage_field, index: c.column_index, startPosition: c.start_position,
    endPosition: c.end_position, format: c.format,
  })),
  lastModified: r.last_modified.toISOString(), version: encodeVersion(r.revision),
})

const isForeignKeyViolation = (err: unknown) => typeof err === 'object' && err !== null && (err as { code?: string }).code === '23503'

export function createImportFormatService(db: Kysely<RegistryDb>, scope: Scope) {
  const visibleOne = async (p: Principal, id: number) => {
    const row = await repo.findImportFormat(db, id)
    if (!row || !(await scope.canSeeImportFormat(p, id))) throw notFound('Import format')
    return row
  }
  const withColumns = async (rows: ImportFormatRow[]) => {
    const columns = await repo.loadColumns(db, rows.map((r) => r.id))
    return rows.map((r) => toImportFormat(r, columns.get(r.id) ?? []))
  }
  const uniqueName = (err: unknown): never => { if (isUniqueViolation(err, 'import_formats_name_key')) throw apiError('importFormatCodeUsed'); throw err }
  const check = (input: ImportFormatInput, badRequest: ErrorKey) => {
    const problems = importFormatProblems(input)
    if (problems.length) throw apiError(badRequest, problems)
  }

  return {
    async list(p: Principal, page: Page) {
      const { rows, total } = await repo.listImportFormats(db, page, isAdmin(p) ? null : await scope.visibleImportFormatIds(p))
      return { items: await withColumns(rows), total }
    },
    get: async (p: Principal, id: number) => (await withColumns([await visibleOne(p, id)]))[0]!,
    async create(input: ImportFormatInput) {
      check(input, 'invalidRequest')
      const row = await db.transaction().execute(async (trx) => {
        const created = await repo.insertImportFormat(trx, input).catch(uniqueName)
        await repo.replaceColumns(trx, created.id, input)
        return created
      })
      return (await withColumns([row]))[0]!
    },
    async update(p: Principal, id: number, input: ImportFormatInput) {
      await visibleOne(p, id)
      check(input, 'unparseableBody')
      await db.transaction().execute(async (trx) => {
        const changed = await repo.updateImportFormat(trx, id, input, revisionOf(decodeVersion(input.version))).catch(uniqueName)
        if (changed === 0) {
          if (!(await repo.findImportFormat(trx, id))) throw notFound('Import format')
          throw apiError('staleVersion')
        }
        await repo.replaceColumns(trx, id, input)
      })
    },
    /** Refused while an event type that is not marked for deletion has a data source using the format. */
    async delete(p: Principal, id: number) {
      await visibleOne(p, id)
      await db.transaction().execute(async (trx) => {
        const row = await trx.selectFrom('import_formats').select('id').where('id', '=', id).forUpdate().executeTakeFirst()
        if (!row) throw notFound('Import format')
        if (await repo.usedByActiveEventType(trx, id)) throw apiError('deleteImportFormat')
        await repo.deleteImportFormat(trx, id)
      }).catch((err: unknown) => { if (isForeignKeyViolation(err)) throw apiError('deleteImportFormat'); throw err })
    },
  }
}
export type ImportFormatService = ReturnType<typeof createImportFormatService>
