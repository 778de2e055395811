import { envelopesRoutes } from '@ligature/contracts'
import type { Kysely } from 'kysely'
import type { Job } from '@ligature/contracts'
import { handlersOf, notFound, pageOf, sendPage } from '@ligature/service-kit'
import type { EnvelopesDb, JobRow } from '../db.js'
import type { EnvelopeService } from '../envelopes/envelope.service.js'
import { findVisibleJob, listJobs } from './job.repository.js'

const iso = (d: Date | null) => (d ? d.toISOString() : null)

export const toJob = (r: JobRow): Job => ({
  id: r.id, name: r.name, state: r.state, processingStart: iso(r.processing_start), processingFinish: iso(r.processing_finish),
  projectId: r.project_id, projectName: r.project_name, dataProviderId: r.data_provider_id, dataProviderName: r.data_provider_name,
  eventTypeId: r.event_type_id, stats: r.stats,
})

export const jobHandlers = (db: Kysely<EnvelopesDb>, envelopes: EnvelopeService) => handlersOf(envelopesRoutes)({
  listJobs: async ({ principal, query, reply }) => {
    const { rows, total } = await listJobs(db, principal, pageOf(query))
    return sendPage(reply, rows.map(toJob), total)
  },
  getJob: async ({ principal, params }) => {
    const row = await findVisibleJob(db, principal, params.id)
    if (!row) throw notFound('Job')
    return toJob(row)
  },
  listEnvelopeJobs: async ({ principal, params, query, reply }) => {
    // The envelope's visibility decides (404 Envelope otherwise); its jobs then follow it.
    const env = await envelopes.get(principal, params.name)
    const { rows, total } = await listJobs(db, principal, pageOf(query), env.name)
    return sendPage(reply, rows.map(toJob), total)
  },
})
