/** The envelopes service's internal API: what the worker reports as envelopes, jobs, linkages and workflows move. */
import { Type, type Static } from '@sinclair/typebox'
import { IdParamsSchema, IntId, Str } from '../common.js'
import { EnvelopeSchema, JobSchema } from '../entities/envelope.js'
import { LinkageSchema, LinkageSourceSchema, WorkflowSchema } from '../entities/linkage.js'
import { WorkflowStatus } from '../enums.js'
import { defineInternalRoutes, withoutIds } from './route.js'

const NameParams = Type.Object({ name: Str(1, 200) })
const LogLevel = Type.Union([Type.Literal('Information'), Type.Literal('Warning'), Type.Literal('Error')])
const Created = Type.Object({ id: Type.Integer() }, { additionalProperties: false })

export const EnvelopeStateBodySchema = Type.Object({
  status: Type.Integer({ minimum: 0, maximum: 4 }),
  type: Type.Optional(Type.Integer({ minimum: 0, maximum: 5 })),
  projectCode: Type.Optional(Type.Union([Type.String({ maxLength: 20 }), Type.Null()])),
  sender: Type.Optional(Type.Union([Type.String({ maxLength: 15 }), Type.Null()])),
}, { additionalProperties: false })
export type EnvelopeStateBody = Static<typeof EnvelopeStateBodySchema>

/**
 * Names the call that writes a notification or starts a job (the worker sends a hash of its workflow run and
 * activity id): the same call made again, an activity run a second time after a worker died, answers 200 with the
 * first one's id instead of adding another.
 */
const RequestKey = Type.Optional(Str(1, 128))

export const EnvelopeNotificationBodySchema = Type.Object({
  logLevel: LogLevel,
  message: Str(1, 4000),
  attachmentFilename: Type.Optional(Type.String({ maxLength: 255 })),
  attachmentPath: Type.Optional(Type.String({ maxLength: 4096 })),
  requestKey: RequestKey,
}, { additionalProperties: false })

export const ProjectNotificationBodySchema = Type.Object({ projectCode: Str(1, 20), logLevel: LogLevel, message: Str(1, 4000), requestKey: RequestKey }, { additionalProperties: false })

const OptId = Type.Optional(IntId)
export const JobStartSchema = Type.Object({
  name: Str(1, 200),
  envelopeName: Type.Optional(Str(1, 200)),
  linkageId: OptId, workflowId: OptId, projectId: OptId, dataProviderId: OptId, eventTypeId: OptId,
  projectCode: Type.Optional(Str(1, 20)),
  projectName: Type.Optional(Type.String({ maxLength: 100 })),
  dataProviderName: Type.Optional(Type.String({ maxLength: 255 })),
  requestKey: RequestKey,
}, { additionalProperties: false })
export type JobStart = Static<typeof JobStartSchema>

export const JobStateValues = ['Queued', 'Processing', 'Complete', 'Failed', 'Cancelled'] as const
// Stat values are text in the API; counts may arrive as numbers and are stored as their decimal text.
const Stat = Type.Object({ name: Str(1, 100), value: Type.Union([Type.String({ maxLength: 1000 }), Type.Number()]) }, { additionalProperties: false })
export const JobStateBodySchema = Type.Object({
  state: Type.Union(JobStateValues.map((s) => Type.Literal(s))),
  stats: Type.Optional(Type.Array(Stat, { maxItems: 100 })),
}, { additionalProperties: false })
export type JobStateBody = Static<typeof JobStateBodySchema>

export const EnvelopeLinkageBodySchema = Type.Object({
  projectCode: Str(1, 20),
  name: Str(1, 256),
  envelopeName: Str(1, 200),
  linkageSources: Type.Array(withoutIds(LinkageSourceSchema), { minItems: 1 }),
}, { additionalProperties: false })
export type EnvelopeLinkageBody = Static<typeof EnvelopeLinkageBodySchema>

export const LinkageStateBodySchema = Type.Object({ status: Type.Integer({ minimum: 0, maximum: 3 }) }, { additionalProperties: false })
export const WorkflowStateBodySchema = Type.Object({ status: Type.Integer({ minimum: WorkflowStatus.Queued, maximum: WorkflowStatus.Cancelled }) }, { additionalProperties: false })

export const EnvelopesInternal = defineInternalRoutes({
  /** The envelope's state as its workflow moves it; answers the envelope. */
  setEnvelopeState: { method: 'PUT', path: '/internal/envelopes/:name/state', params: NameParams, body: EnvelopeStateBodySchema, response: EnvelopeSchema },
  /** A notification about an envelope (201 with its id; 200 with the same id when its requestKey wrote one already). */
  notifyEnvelope: { method: 'POST', path: '/internal/envelopes/:name/notifications', params: NameParams, body: EnvelopeNotificationBodySchema, response: Created },
  /** A notification of work that has no envelope, kept with its project (201 with its id; 200 as above for a repeated requestKey). */
  notifyProject: { method: 'POST', path: '/internal/notifications', body: ProjectNotificationBodySchema, response: Created },
  /**
   * A job the worker starts (201 with its id; 200 with the same id when its requestKey started one already); it
   * takes its envelope's, linkage's or workflow's project when it names none.
   */
  startJob: { method: 'POST', path: '/internal/jobs', body: JobStartSchema, response: Created },
  finishJob: { method: 'PUT', path: '/internal/jobs/:id', params: IdParamsSchema, body: JobStateBodySchema, response: JobSchema },
  /** The linkage of a validated linkage envelope (201 when new, 200 with the same id when it exists). */
  createEnvelopeLinkage: { method: 'POST', path: '/internal/linkages', body: EnvelopeLinkageBodySchema, response: Created },
  /** Which envelope a linkage came from (null for linkages from sources). */
  linkageEnvelope: {
    method: 'GET', path: '/internal/linkages/:id/envelope', params: IdParamsSchema,
    response: Type.Object({ envelopeName: Type.Union([Type.String(), Type.Null()]) }, { additionalProperties: false }),
  },
  setLinkageState: { method: 'PUT', path: '/internal/linkages/:id/state', params: IdParamsSchema, body: LinkageStateBodySchema, response: LinkageSchema },
  setWorkflowState: { method: 'PUT', path: '/internal/workflows/:id/state', params: IdParamsSchema, body: WorkflowStateBodySchema, response: WorkflowSchema },
})
