/**
 * Definition files shaped exactly as services/projects/src/definition-file/definition-file.ts serves them:
 * a Standard project (clear text) and a Privacy one whose import format has a column per Bloom field.
 */
import type { DefinitionFile, ImportColumnDef } from '../src/definition.js'

const NAME = ['trim', 'removeAccents', 'upperCase', 'collapseSpaces']
const col = (name: string, linkageField: string, index: number, preprocessing: string[], format: string | null = null): ImportColumnDef =>
  ({ name, linkageField, index, startPosition: null, endPosition: null, format, preprocessing })

const FIELDS = [
  ['sourceUniqueId', 64], ['jurisdictionalLinkageKey', 64], ['surname', 100], ['givenName', 100], ['middleName', 100],
  ['dateOfBirth', 10], ['sex', 10], ['addressLine', 200], ['suburb', 100], ['state', 30], ['postcode', 10],
] as const

export function standardDefinition(columns?: ImportColumnDef[]): DefinitionFile {
  return {
    formatVersion: 1,
    project: { code: 'DEMO', name: 'Demo' },
    eventType: { code: 'HOSP', description: 'Admissions', dataProviderCode: 'HEALTH' },
    matchProvider: 'Standard',
    linkageFields: FIELDS.map(([name, maxLength]) => ({ name, displayName: name, maxLength, required: name === 'sourceUniqueId',
      format: name === 'dateOfBirth' ? 'dd/MM/yyyy' : null })),
    importFormat: { name: 'Admissions CSV', columnType: 3, columnTypeName: 'DelimitedByName' },
    importColumns: columns ?? [
      col('rec_id', 'sourceUniqueId', 1, ['trim']),
      col('given', 'givenName', 2, NAME),
      col('family', 'surname', 3, NAME),
      col('dob', 'dateOfBirth', 4, ['trim', 'parseDate'], 'dd/MM/yyyy'),
      col('sex', 'sex', 5, ['trim', 'mapSex']),
      col('state', 'state', 6, ['trim', 'mapState']),
      col('ward', '', 7, ['trim']),
    ],
    preprocessing: {
      dateOfBirthFormat: 'dd/MM/yyyy', outputDateFormat: 'yyyy-MM-dd',
      sexValues: { M: ['1', 'M', 'Male'], F: ['2', 'F', 'Female'] },
      stateValues: { NSW: ['1', 'NSW', 'New South Wales'], VIC: ['2', 'VIC', 'Victoria'] },
    },
    bloom: null,
  }
}

export function privacyDefinition(): DefinitionFile {
  const def = standardDefinition()
  def.matchProvider = 'Privacy'
  def.importColumns.push(col('given_bf', 'givenNameBloom', 8, ['trim']), col('family_bf', 'surnameBloom', 9, ['trim']))
  def.bloom = { qgramLength: 2, padded: true, filterBits: 1024, hashFunctions: 20,
    fields: [{ name: 'givenNameBloom', linkageField: 'givenName' }, { name: 'surnameBloom', linkageField: 'surname' }] }
  return def
}
