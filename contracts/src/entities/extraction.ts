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
    status: Type.Integer({ minimum: 0, maximum: 3, description: 'Schema reading 0-3; call descriptions also use 4 Complete.' }),
    statusName: Type.String(),
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
export type ExtractionProject = Static<typeof ExtractionProjectSchema>
export type Extraction = Static<typeof ExtractionSchema>
export type Result = Static<typeof ResultSchema>
