import { Type } from '@sinclair/typebox'
import { IdParamsSchema, ListQuerySchema } from '../common.js'
import { EnvelopeNameParamsSchema, EnvelopeSchema, JobSchema, NotificationSchema } from '../entities/envelope.js'
import { BulkLinkageSchema, LinkageInputSchema, LinkageSchema, RollbackInputSchema, WorkflowSchema } from '../entities/linkage.js'
import { ExtractionSchema } from '../entities/extraction.js'
import { RecordDestructionInputSchema, RecordDestructionSchema } from '../entities/record-destruction.js'
import { defineRoutes } from './route-def.js'

const svc = 'envelopes' as const
const ProjectRef = Type.Object({ id: Type.String({ minLength: 1, maxLength: 20 }) }, { additionalProperties: false })
const tag = 'Envelopes'

export const envelopesRoutes = defineRoutes([
  { id: 'listEnvelopes', method: 'GET', path: '/envelopes', service: svc, tag, summary: 'List envelopes, newest first', role: 'viewer', querystring: ListQuerySchema, successStatus: 200, response: Type.Array(EnvelopeSchema) },
  { id: 'uploadEnvelope', method: 'POST', path: '/envelopes', service: svc, tag, summary: 'Upload an envelope (multipart zip file); it is placed in the inbox and validated later', role: 'custodian', multipart: true, successStatus: 201, response: EnvelopeSchema, badRequest: 'uploadFailed', errors: ['envelopeNameUsed', 'envelopeTooLarge'] },
  { id: 'getEnvelope', method: 'GET', path: '/envelopes/:name', service: svc, tag, summary: 'Get an envelope', role: 'viewer', params: EnvelopeNameParamsSchema, successStatus: 200, response: EnvelopeSchema, resource: 'Envelope' },
  { id: 'listEnvelopeExtractions', method: 'GET', path: '/envelopes/:name/extractions', service: svc, tag, summary: "List an envelope's extractions", role: 'viewer', params: EnvelopeNameParamsSchema, querystring: ListQuerySchema, successStatus: 200, response: Type.Array(ExtractionSchema), resource: 'Envelope' },
  { id: 'listEnvelopeNotifications', method: 'GET', path: '/envelopes/:name/notifications', service: svc, tag, summary: "List an envelope's notifications", role: 'viewer', params: EnvelopeNameParamsSchema, querystring: ListQuerySchema, successStatus: 200, response: Type.Array(NotificationSchema), resource: 'Envelope' },
  { id: 'listEnvelopeJobs', method: 'GET', path: '/envelopes/:name/jobs', service: svc, tag, summary: "List an envelope's jobs", role: 'viewer', params: EnvelopeNameParamsSchema, querystring: ListQuerySchema, successStatus: 200, response: Type.Array(JobSchema), resource: 'Envelope' },
  { id: 'listProjectEnvelopes', method: 'GET', path: '/projects/:id/envelopes', service: svc, tag, summary: "List a project's envelopes", role: 'viewer', params: ProjectRef, querystring: ListQuerySchema, successStatus: 200, response: Type.Array(EnvelopeSchema), resource: 'Project' },

  { id: 'listLinkages', method: 'GET', path: '/linkages', service: svc, tag: 'Linkages', summary: 'List linkages', role: 'viewer', querystring: ListQuerySchema, successStatus: 200, response: Type.Array(LinkageSchema) },
  { id: 'createLinkage', method: 'POST', path: '/linkages', service: svc, tag: 'Linkages', summary: 'Start a linkage from data sources the platform reads itself', role: 'custodian', body: LinkageInputSchema, successStatus: 201, response: LinkageSchema, badRequest: 'invalidRequest' },
  { id: 'getLinkage', method: 'GET', path: '/linkages/:id', service: svc, tag: 'Linkages', summary: 'Get a linkage', role: 'viewer', params: IdParamsSchema, successStatus: 200, response: LinkageSchema, resource: 'Linkage' },
  { id: 'rollbackProject', method: 'POST', path: '/projects/:id/rollback', service: svc, tag: 'Linkages', summary: "Undo the project's last processed envelope or linkage (a workflow; again, one further back)", role: 'manager', params: ProjectRef, body: RollbackInputSchema, successStatus: 201, response: WorkflowSchema, badRequest: 'invalidRequest', resource: 'Project', beyondSpec: true },
  { id: 'destroyRecordData', method: 'POST', path: '/projects/:id/recorddestructions', service: svc, tag: 'Linkages', summary: "Irreversibly blank the personal identifiers of chosen records, keeping their keys and groups (a workflow)", role: 'admin', params: ProjectRef, body: RecordDestructionInputSchema, successStatus: 201, response: WorkflowSchema, badRequest: 'invalidRequest', resource: 'Project', beyondSpec: true },
  { id: 'listRecordDestructions', method: 'GET', path: '/projects/:id/recorddestructions', service: svc, tag: 'Linkages', summary: "List a project's record data destructions: who, when, why, which records, and their counts", role: 'manager', params: ProjectRef, querystring: ListQuerySchema, successStatus: 200, response: Type.Array(RecordDestructionSchema), resource: 'Project', beyondSpec: true },
  { id: 'bulkLoad', method: 'POST', path: '/linkages/bulkload', service: svc, tag: 'Linkages', summary: 'Start a bulk load: one envelope per entry, linked one after another', role: 'custodian', body: BulkLinkageSchema, successStatus: 201, response: WorkflowSchema, badRequest: 'invalidRequest' },

  { id: 'listWorkflows', method: 'GET', path: '/workflows', service: svc, tag: 'Workflows', summary: 'List workflows', role: 'viewer', querystring: ListQuerySchema, successStatus: 200, response: Type.Array(WorkflowSchema) },
  { id: 'getWorkflow', method: 'GET', path: '/workflows/:id', service: svc, tag: 'Workflows', summary: 'Get a workflow', role: 'viewer', params: IdParamsSchema, successStatus: 200, response: WorkflowSchema, resource: 'Workflow' },
  { id: 'listJobs', method: 'GET', path: '/jobs', service: svc, tag: 'Jobs', summary: 'List jobs, newest first', role: 'viewer', querystring: ListQuerySchema, successStatus: 200, response: Type.Array(JobSchema) },
  { id: 'getJob', method: 'GET', path: '/jobs/:id', service: svc, tag: 'Jobs', summary: 'Get a job', role: 'viewer', params: IdParamsSchema, successStatus: 200, response: JobSchema, resource: 'Job' },
  { id: 'getNotification', method: 'GET', path: '/notifications/:id', service: svc, tag: 'Notifications', summary: 'Get a notification', role: 'viewer', params: IdParamsSchema, successStatus: 200, response: NotificationSchema, resource: 'Notification' },
  { id: 'downloadNotification', method: 'GET', path: '/notifications/:id/download', service: svc, tag: 'Notifications', summary: "Download a notification's attachment", role: 'viewer', params: IdParamsSchema, successStatus: 200, produces: 'application/octet-stream', resource: 'Notification' },
])
