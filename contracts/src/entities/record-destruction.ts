import { Type, type Static } from '@sinclair/typebox'
import { Nullable, Str } from '../common.js'
import { JobStatSchema } from './envelope.js'

/** Most Source Unique IDs one destruction call may name (a larger list: several calls, or an event type). */
export const MAX_DESTRUCTION_IDS = 10_000

/**
 * `POST /projects/{id}/recorddestructions` (beyond the spec's list): whose personal identifiers to blank, and
 * why. Exactly one selector: `envelopeName`, or `eventTypeCode` alone, or `eventTypeCode` with
 * `sourceUniqueIds` (the service refuses any other combination with a 400 naming the field).
 */
export const RecordDestructionInputSchema = Type.Object(
  {
    reason: Str(1, 1000, { description: 'Why the data is destroyed; kept with the destruction (who, when, why) and shown in its notification.' }),
    envelopeName: Type.Optional(Type.String({ minLength: 1, maxLength: 200, pattern: '^[A-Za-z0-9._-]+$', description: 'Every record an envelope of this project loaded.' })),
    eventTypeCode: Type.Optional(Str(1, 15, { description: 'Every record of this event type in the project, or only those listed in sourceUniqueIds.' })),
    sourceUniqueIds: Type.Optional(Type.Array(Str(1, 64), { minItems: 1, maxItems: MAX_DESTRUCTION_IDS, description: 'Source Unique IDs of records of eventTypeCode.' })),
  },
  { $id: 'RecordDestructionInput', additionalProperties: false },
)

/** One destruction as `GET /projects/{id}/recorddestructions` lists it: who, when, why, what, and how it went. */
export const RecordDestructionSchema = Type.Object(
  {
    workflowId: Type.Integer(),
    projectCode: Type.String(),
    requestedBy: Type.String(),
    requestedOn: Type.String({ format: 'date-time' }),
    reason: Type.String(),
    envelopeName: Nullable(Type.String()),
    eventTypeCode: Nullable(Type.String()),
    sourceUniqueIdCount: Nullable(Type.Integer()),
    status: Type.Integer({ minimum: 0, maximum: 6 }),
    statusName: Type.String(),
    processingFinish: Nullable(Type.String({ format: 'date-time' })),
    stats: Type.Array(JobStatSchema),
  },
  { $id: 'RecordDestruction', additionalProperties: false },
)
export type RecordDestructionInput = Static<typeof RecordDestructionInputSchema>
export type RecordDestruction = Static<typeof RecordDestructionSchema>
