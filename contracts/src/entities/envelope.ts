import { Type, type Static } from '@sinclair/typebox'
import { Nullable } from '../common.js'

export const EnvelopeSchema = Type.Object(
  {
    name: Type.String(),
    displayName: Type.String(),
    createdDate: Nullable(Type.String({ format: 'date-time', description: 'Null while the envelope is Pending.' })),
    status: Type.Integer({ minimum: 0, maximum: 4 }),
    statusName: Type.String(),
    type: Type.Integer({ minimum: 0, maximum: 5 }),
    typeName: Type.String(),
  },
  { $id: 'Envelope', additionalProperties: false },
)
export const EnvelopeNameParamsSchema = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: 200, pattern: '^[A-Za-z0-9._-]+$' }) },
  { additionalProperties: false },
)
export type Envelope = Static<typeof EnvelopeSchema>

export const NotificationSchema = Type.Object(
  {
    id: Type.Integer(),
    logLevel: Type.String({ description: 'Information, Warning or Error.' }),
    message: Type.String(),
    attachmentFilename: Nullable(Type.String()),
    createdOn: Type.String({ format: 'date-time' }),
  },
  { $id: 'Notification', additionalProperties: false },
)
export type Notification = Static<typeof NotificationSchema>

export const JobStatSchema = Type.Object(
  { name: Type.String(), value: Type.String() },
  { $id: 'JobStat', additionalProperties: false },
)
export const JobSchema = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    state: Type.String(),
    processingStart: Nullable(Type.String({ format: 'date-time' })),
    processingFinish: Nullable(Type.String({ format: 'date-time' })),
    projectId: Nullable(Type.Integer()),
    projectName: Nullable(Type.String()),
    dataProviderId: Nullable(Type.Integer()),
    dataProviderName: Nullable(Type.String()),
    eventTypeId: Nullable(Type.Integer()),
    stats: Type.Array(JobStatSchema),
  },
  { $id: 'Job', additionalProperties: false },
)
export type Job = Static<typeof JobSchema>
