import { Type, type Static } from '@sinclair/typebox'
import { Nullable, Str } from '../common.js'

export const LinkageSourceSchema = Type.Object(
  { eventTypeCode: Str(1, 15), dataSourceCode: Str(1, 15) },
  { $id: 'LinkageSource', additionalProperties: false },
)
export const LinkageSchema = Type.Object(
  {
    id: Type.Integer(),
    projectCode: Type.String(),
    name: Type.String(),
    status: Type.Integer({ minimum: 0, maximum: 3 }),
    statusName: Type.String(),
    linkageSources: Type.Array(LinkageSourceSchema),
    createdDateTime: Type.String({ format: 'date-time' }),
  },
  { $id: 'Linkage', additionalProperties: false },
)
export const LinkageInputSchema = Type.Object(
  { projectCode: Str(1, 20), name: Str(1, 256), linkageSources: Type.Array(LinkageSourceSchema, { minItems: 1 }) },
  { $id: 'LinkageInput', additionalProperties: false },
)
export const BulkLinkageEnvelopeSchema = Type.Object(
  { linkageSources: Type.Array(LinkageSourceSchema, { minItems: 1 }) },
  { $id: 'BulkLinkageEnvelope', additionalProperties: false },
)
export const BulkLinkageSchema = Type.Object(
  {
    projectCode: Str(1, 20),
    name: Str(1, 256),
    envelopes: Type.Array(BulkLinkageEnvelopeSchema, { minItems: 1 }),
    extractionProjectId: Type.Optional(Nullable(Type.String())),
  },
  { $id: 'BulkLinkage', additionalProperties: false },
)
export const WorkflowSchema = Type.Object(
  {
    id: Type.Integer(),
    projectCode: Type.String(),
    initiatedOn: Type.String({ format: 'date-time' }),
    processingStart: Nullable(Type.String({ format: 'date-time' })),
    processingFinish: Nullable(Type.String({ format: 'date-time' })),
    status: Type.Integer({ minimum: 0, maximum: 6 }),
    statusName: Type.String(),
  },
  { $id: 'Workflow', additionalProperties: false },
)
/** `POST /projects/{id}/rollback` (beyond the spec's list): why the project's last change is undone. */
export const RollbackInputSchema = Type.Object(
  { reason: Str(1, 1000, { description: 'Why the last change is undone; kept with the rollback and shown in the notifications.' }) },
  { $id: 'RollbackInput', additionalProperties: false },
)
export type LinkageSource = Static<typeof LinkageSourceSchema>
export type Linkage = Static<typeof LinkageSchema>
export type LinkageInput = Static<typeof LinkageInputSchema>
export type BulkLinkage = Static<typeof BulkLinkageSchema>
export type Workflow = Static<typeof WorkflowSchema>
