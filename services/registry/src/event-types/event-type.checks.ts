import type { Transaction } from 'kysely'
import type { EventTypeInput } from '@ligature/contracts'
import type { FieldProblem } from '@ligature/service-kit'
import type { RegistryDb } from '../db.js'
import { SECRET_MASK, type SecretBox } from '../secrets/secret-box.js'
import type { DataSourceToStore, StoredDataSource } from './data-source.repository.js'
import { existingImportFormatIds, lockProvider } from './event-type.repository.js'

/**
 * Checks a body against what is stored, inside the writing transaction: the provider exists and is not being
 * deleted (unless unchanged), every import format exists, source ids belong to this event type and keep their
 * type, and a masked secret has a stored secret to keep. Returns problems, or the sources ready to store.
 */
export async function resolveEventTypeBody(
  trx: Transaction<RegistryDb>, input: EventTypeInput, box: SecretBox,
  stored: { dataProviderId: number; sources: StoredDataSource[] } | null,
): Promise<{ problems: FieldProblem[]; sources: DataSourceToStore[] }> {
  const problems: FieldProblem[] = []
  const provider = await lockProvider(trx, input.dataProviderId)
  if (!provider) problems.push({ path: '/dataProviderId', message: 'no data provider has this id' })
  else if (provider.marked_for_deletion && stored?.dataProviderId !== input.dataProviderId) {
    problems.push({ path: '/dataProviderId', message: 'this data provider is marked for deletion' })
  }
  const body = input.dataSources ?? []
  const formats = await existingImportFormatIds(trx, [...new Set(body.map((s) => s.importFormatId))])
  const sources = body.map(({ id, ...rest }, i): DataSourceToStore => {
    // On create, ids in the body mean nothing: Ligature assigns them.
    const source = stored && id !== undefined ? { id, ...rest } : rest
    const at = `/dataSources/${i}`
    if (!formats.has(source.importFormatId)) problems.push({ path: `${at}/importFormatId`, message: 'no import format has this id' })
    const previous = 'id' in source ? stored?.sources.find((s) => s.row.id === source.id) : undefined
    if ('id' in source && !previous) problems.push({ path: `${at}/id`, message: 'is not a data source of this event type' })
    if (previous && previous.row.data_source_type !== source.dataSourceType) {
      problems.push({ path: `${at}/dataSourceType`, message: 'can not change; remove the data source and add a new one' })
    }
    const settings = (source.settings ?? []).map((setting, j) => {
      if (!setting.isSecret) return setting
      if (setting.value !== SECRET_MASK) return { ...setting, value: box.seal(setting.value) }
      const kept = previous?.settings.find((s) => s.is_secret && s.name === setting.name)
      if (!kept) problems.push({ path: `${at}/settings/${j}/value`, message: `no stored secret to keep; send the value itself, not ${SECRET_MASK}` })
      return { ...setting, value: kept?.value ?? '' }
    })
    return { ...source, settings }
  })
  return { problems, sources }
}
