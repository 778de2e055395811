import { Type, type Static, type TSchema } from '@sinclair/typebox'

/**
 * NATS JetStream subjects (`ligature.<domain>.<entity>.<event>`) and payloads. Every payload carries `type`
 * and `version`, and is validated at both ends: NATS itself is untyped.
 */
export const STREAM_NAME = 'LIGATURE'
export const STREAM_SUBJECTS = ['ligature.>']

const event = <S extends string, P extends TSchema>(subject: S, payload: P) => ({
  subject,
  schema: Type.Object(
    { type: Type.Literal(subject), version: Type.Literal(1), occurredAt: Type.String({ format: 'date-time' }), data: payload },
    { additionalProperties: false },
  ),
})

export const Events = {
  envelopeReceived: event('ligature.envelopes.envelope.received', Type.Object({
    name: Type.String(), displayName: Type.String(), inboxPath: Type.String(), sizeBytes: Type.Integer({ minimum: 0 }),
  }, { additionalProperties: false })),
  envelopeStatusChanged: event('ligature.envelopes.envelope.status-changed', Type.Object({
    name: Type.String(), status: Type.Integer({ minimum: 0, maximum: 4 }),
  }, { additionalProperties: false })),
  dataProviderDeleted: event('ligature.registry.dataprovider.deleted', Type.Object({
    id: Type.Integer(), code: Type.String(),
  }, { additionalProperties: false })),
  eventTypeDeleted: event('ligature.registry.eventtype.deleted', Type.Object({
    id: Type.Integer(), code: Type.String(),
  }, { additionalProperties: false })),
  /**
   * The full current member list of one project (not a delta): the registry replaces its projection of that
   * project's members with `eventTypeIds`. An empty list (e.g. the project was deleted) removes the project.
   */
  projectMembersChanged: event('ligature.projects.project.members-changed', Type.Object({
    projectCode: Type.String(), isActive: Type.Boolean(), eventTypeIds: Type.Array(Type.Integer()),
  }, { additionalProperties: false })),
  /** A linkage started from data sources the platform reads itself (POST /linkages). */
  linkageRequested: event('ligature.envelopes.linkage.requested', Type.Object({
    linkageId: Type.Integer(), projectCode: Type.String(), name: Type.String(),
    linkageSources: Type.Array(Type.Object({ eventTypeCode: Type.String(), dataSourceCode: Type.String() }, { additionalProperties: false })),
  }, { additionalProperties: false })),
  /** A bulk load (POST /linkages/bulkload): one linkage per entry, run one after another. */
  bulkLoadRequested: event('ligature.envelopes.bulkload.requested', Type.Object({
    workflowId: Type.Integer(), projectCode: Type.String(), name: Type.String(), extractionProjectId: Type.Union([Type.String(), Type.Null()]),
    linkageIds: Type.Array(Type.Integer()),
  }, { additionalProperties: false })),
  /** A rollback (POST /projects/{id}/rollback): the project's last change is undone by workflow `workflowId`. */
  rollbackRequested: event('ligature.envelopes.rollback.requested', Type.Object({
    workflowId: Type.Integer(), projectCode: Type.String(), reason: Type.String(), requestedBy: Type.String(),
  }, { additionalProperties: false })),
  /**
   * A destruction of record data (POST /projects/{id}/recorddestructions), run by workflow `workflowId`. The
   * selector is resolved by the service: an envelope's linkages, or an event type's id with optional ids.
   */
  recordDestructionRequested: event('ligature.envelopes.recorddestruction.requested', Type.Object({
    workflowId: Type.Integer(), projectCode: Type.String(), reason: Type.String(), requestedBy: Type.String(),
    envelopeName: Type.Union([Type.String(), Type.Null()]), linkageIds: Type.Array(Type.Integer()),
    eventTypeCode: Type.Union([Type.String(), Type.Null()]), eventTypeId: Type.Union([Type.Integer(), Type.Null()]),
    sourceUniqueIds: Type.Union([Type.Array(Type.String()), Type.Null()]),
  }, { additionalProperties: false })),
  /**
   * An extraction requested through `POST /extractions` (extractions of extraction envelopes and bulk loads run
   * inside their own workflow instead). The worker reads the rest through the results service's internal API.
   */
  extractionRequested: event('ligature.results.extraction.requested', Type.Object({
    extractionId: Type.Integer(), projectCode: Type.String(),
  }, { additionalProperties: false })),
} as const

export type EventName = keyof typeof Events
export type EventPayload<K extends EventName> = Static<(typeof Events)[K]['schema']>
export type EventData<K extends EventName> = EventPayload<K>['data']
