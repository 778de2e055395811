import type { Kysely } from 'kysely'
import type { ImportFormat } from '@ligature/contracts'
import {
  DEFAULT_BLOOM_ENCODING, DEFAULT_DATE_FORMAT, DEFAULT_SEX_MAP, DEFAULT_STATE_MAP, PRIVACY_MATCH_PROVIDER, REQUIRED_LINKAGE_FIELD,
} from '@ligature/contracts'
import { notFound, type Principal } from '@ligature/service-kit'
import type { ProjectsDb } from '../db.js'
import { readableProject } from '../projects/project-access.js'
import { listLinkageFields } from '../linkage-fields/linkage-field.repository.js'
import { listStrategies } from '../match-config/match-config.repository.js'
import { privacyMatchProvider, providerForFields } from '../match-providers/catalogue.js'
import type { RegistryClient } from './registry-client.js'
import { canonicalField, STEP_DESCRIPTIONS, stepsFor } from './preprocessing.js'

/** The import format of the event type's first data source that names one (ordered as the registry lists them). */
async function importFormatOf(registry: RegistryClient, dataSources: { importFormatId: number }[] | undefined): Promise<ImportFormat | null> {
  const first = (dataSources ?? []).find((s) => s.importFormatId > 0)
  return first ? registry.importFormat(first.importFormatId) : null
}

/**
 * Builds the project definition file of one member event type (format version 1, documented on the
 * portal's envelope-builder page): everything an envelope builder needs, and no keys or record data.
 */
export function createDefinitionFileBuilder(db: Kysely<ProjectsDb>, registry: RegistryClient) {
  return async function build(p: Principal, ref: string, eventTypeCode: string) {
    const project = await readableProject(db, p, ref)
    const member = project.event_type_members.find((m) => m.code === eventTypeCode)
    if (!member) throw notFound('Event type')
    const eventType = await registry.eventType(member.eventTypeId)
    if (!eventType) throw notFound('Event type')
    const [provider, format, { items: fields }, { rows: strategies }] = await Promise.all([
      registry.dataProvider(eventType.dataProviderId), importFormatOf(registry, eventType.dataSources),
      listLinkageFields(db, project.id), listStrategies(db, project.id),
    ])
    const usedFields = strategies.flatMap((s) => [...s.blocking_fields, ...s.matching_fields].map((f) => f.matchProviderFieldName))
    const matchProvider = providerForFields(usedFields).name
    const dobFormat = format?.columns.find((c) => canonicalField(c.linkageField) === 'dateOfBirth')?.format || DEFAULT_DATE_FORMAT
    const bloomFields = privacyMatchProvider().fields.filter((f) => f.availableComparisons.includes('Bloom') && usedFields.includes(f.name))

    return {
      formatVersion: 1,
      generatedOn: new Date().toISOString(),
      project: { code: project.code, name: project.name },
      eventType: { code: eventType.code, description: eventType.description, dataProviderCode: provider?.code ?? null },
      matchProvider,
      linkageFields: fields.map((f) => ({
        name: f.name, displayName: f.displayName, maxLength: f.maxLength, required: f.name === REQUIRED_LINKAGE_FIELD,
        canSpecifyFormat: f.canSpecifyFormat, format: f.name === 'dateOfBirth' ? dobFormat : null,
      })),
      importFormat: format ? { name: format.name, columnType: format.columnType, columnTypeName: format.columnTypeName } : null,
      importColumns: (format?.columns ?? []).map((c) => ({
        name: c.name, linkageField: canonicalField(c.linkageField), index: c.index ?? null, startPosition: c.startPosition ?? null,
        endPosition: c.endPosition ?? null, format: c.format ?? null, preprocessing: stepsFor(c.linkageField),
      })),
      preprocessing: {
        steps: STEP_DESCRIPTIONS, dateOfBirthFormat: dobFormat, outputDateFormat: DEFAULT_DATE_FORMAT,
        sexValues: DEFAULT_SEX_MAP, stateValues: DEFAULT_STATE_MAP,
      },
      bloom: matchProvider === PRIVACY_MATCH_PROVIDER
        ? { ...DEFAULT_BLOOM_ENCODING, fields: bloomFields.map((f) => ({ name: f.name, linkageField: f.linkageFieldName })) }
        : null,
    }
  }
}
export type DefinitionFileBuilder = ReturnType<typeof createDefinitionFileBuilder>
