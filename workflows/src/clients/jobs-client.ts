import { envelopesRoutes, routeOf } from '@ligature/contracts'
import { EnvelopesInternal, type EnvelopeLinkageBody, type JobStart, type JobStateBody } from '@ligature/contracts/internal'
import { internalClient, type ServiceClient } from './service-client.js'

export type { JobStart }

const getLinkage = routeOf(envelopesRoutes, 'getLinkage')
export type JobState = Exclude<JobStateBody['state'], 'Queued'>
export type Stat = { name: string; value: string }

/** Jobs and linkages live in the envelopes service; the worker reports to it through internal routes. */
export const jobsClient = (call: ServiceClient) => {
  const internal = internalClient(call)
  return {
    startJob: async (job: JobStart) => (await internal(EnvelopesInternal.startJob, { body: job })).id,
    finishJob: (id: number, state: JobState, stats: Stat[]) => internal(EnvelopesInternal.finishJob, { params: { id }, body: { state, stats } }),
    createLinkage: async (l: EnvelopeLinkageBody) => (await internal(EnvelopesInternal.createEnvelopeLinkage, { body: l })).id,
    setLinkageStatus: (id: number, status: number) => internal(EnvelopesInternal.setLinkageState, { params: { id }, body: { status } }),
    setWorkflowStatus: (id: number, status: number) => internal(EnvelopesInternal.setWorkflowState, { params: { id }, body: { status } }),
    getLinkage: (id: number) => internal(getLinkage, { params: { id } }),
    linkageEnvelope: async (id: number) => (await internal(EnvelopesInternal.linkageEnvelope, { params: { id } })).envelopeName,
  }
}
export type JobsClient = ReturnType<typeof jobsClient>
