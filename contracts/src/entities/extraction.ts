import { Type, type Static } from '@sinclair/typebox'
import { Audit, Str } from '../common.js'

export const ExtractionProjectSchema = Type.Object(
  {
    id: Type.String({ description: 'Generated: E + yyyy + MM + 4-digit sequence, e.g. E2026110001.' }),
    projectId: Type.Integer(),
    code: Str(1, 60),
    description: Str(1, 200),
    useEnduringLinkageKeys: Type.Boolean(),
    ...Audit,
  },
  { $id: 'ExtractionProject', additionalProperties: false },
)
export const ExtractionProjectInputSchema = Type.Object(
  {
    id: Type.Optional(Type.String()),
    projectId: Type.Integer(),
    code: Str(1, 60),
    description: Str(1, 200),
    useEnduringLinkageKeys: Type.Boolean(),
    ...Audit,
  },
  { $id: 'ExtractionProjectInput', additionalProperties: false },
)
export const ExtractionSchema = Type.Object(
  {
    id: Type.Integer(),
    extractionProjectId: Str(1, 60),
    projectCode: Str(1, 20),
    eventTypeCode: Str(1, 15),
    status: Type.Integer({ minimum: 0, maximum: 3, description: "The schema's reading (0-3): 0 Pending, 1 Processing, 2 Failed, 3 Complete." }),
    statusName: Type.String({ description: 'Pending, Processing, Failed or Complete (the same in both readings).' }),
    callStatus: Type.Integer({ minimum: 0, maximum: 4, description: "The call descriptions' reading (0-4): 0 Unknown, 1 Pending, 2 Processing, 3 Failed, 4 Complete; always `status` + 1." }),
    createdDateTime: Type.String({ format: 'date-time' }),
  },
  { $id: 'Extraction', additionalProperties: false },
)
export const ExtractionInputSchema = Type.Object(
  { extractionProjectId: Str(1, 60), projectCode: Str(1, 20), eventTypeCode: Str(1, 15) },
  { $id: 'ExtractionInput', additionalProperties: false },
)
export const ResultSchema = Type.Object(
  {
    id: Type.Integer(),
    extractionId: Type.Integer(),
    name: Type.String(),
    sender: Type.String({ description: 'The data provider code.' }),
    canDownload: Type.Boolean(),
  },
  { $id: 'Result', additionalProperties: false },
)
/** The extraction output's columns (product behaviour §8.3), in their default order, with their default names. */
export const ExtractionColumns = [
  'personKey', 'sourceUniqueId', 'eventTypeCode', 'linkageProjectCode', 'sourcePersonId', 'extractionProjectId', 'linkedProjectPersonKey',
] as const
/**
 * Columns beyond the product's seven, written only when the settings list them (never by default).
 * `previousEnduringKeys`: the earlier enduring keys whose records came to the record's current key (key
 * lineage), space-separated; blank in snapshot extractions, whose masked keys have no lineage.
 */
export const OptionalExtractionColumns = ['previousEnduringKeys'] as const
export type ExtractionColumn = (typeof ExtractionColumns)[number] | (typeof OptionalExtractionColumns)[number]
export const DefaultExtractionColumnNames: Record<ExtractionColumn, string> = {
  personKey: 'Person Key', sourceUniqueId: 'Source Unique ID', eventTypeCode: 'Event Type Code', linkageProjectCode: 'Linkage Project Code',
  sourcePersonId: 'Source Person ID', extractionProjectId: 'Extraction Project ID', linkedProjectPersonKey: 'Linked Project Person Key',
  previousEnduringKeys: 'Previous Enduring Keys',
}
export const ExtractionSettingsSchema = Type.Object(
  {
    columns: Type.Array(Type.Object({
      column: Type.Union([...ExtractionColumns, ...OptionalExtractionColumns].map((c) => Type.Literal(c))),
      name: Str(1, 100),
    }, { additionalProperties: false }), {
      minItems: 1, maxItems: ExtractionColumns.length + OptionalExtractionColumns.length,
      description: 'The columns written, in this order, each with its header name. Defaults to all seven with their product names; '
        + '`previousEnduringKeys` (Ligature\'s addition: earlier enduring keys that merged into or split off to the record\'s key, space-separated; blank in snapshot extractions) only when listed.',
    }),
    delimiter: Type.Union([Type.Literal(','), Type.Literal('tab'), Type.Literal('|'), Type.Literal(';')], { description: 'Column separator: comma (default), `tab`, pipe or semicolon.' }),
    ...Audit,
  },
  { $id: 'ExtractionSettings', additionalProperties: false },
)
export type ExtractionSettings = Static<typeof ExtractionSettingsSchema>
export type ExtractionProject = Static<typeof ExtractionProjectSchema>
export type Extraction = Static<typeof ExtractionSchema>
export type Result = Static<typeof ResultSchema>
