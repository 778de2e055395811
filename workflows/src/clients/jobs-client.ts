import type { Linkage } from '@ligature/contracts'
import type { ServiceClient } from './service-client.js'

export interface JobStart {
  name: string; envelopeName?: string; linkageId?: number; workflowId?: number
  projectId?: number; projectCode?: string; projectName?: string; dataProviderId?: number; dataProviderName?: string; eventTypeId?: number
}
export type JobState = 'Processing' | 'Complete' | 'Failed' | 'Cancelled'
export type Stat = { name: string; value: string }

/** Jobs and linkages live in the envelopes service; the worker reports to it through internal routes. */
export const jobsClient = (call: ServiceClient) => ({
  startJob: async (job: JobStart) => (await call<{ id: number }>('POST', '/internal/jobs', job)).id,
  finishJob: (id: number, state: JobState, stats: Stat[]) => call('PUT', `/internal/jobs/${id}`, { state, stats }),
  createLinkage: async (l: { projectCode: string; name: string; envelopeName: string; linkageSources: { eventTypeCode: string; dataSourceCode: string }[] }) =>
    (await call<{ id: number }>('POST', '/internal/linkages', l)).id,
  setLinkageStatus: (id: number, status: number) => call('PUT', `/internal/linkages/${id}/state`, { status }),
  setWorkflowStatus: (id: number, status: number) => call('PUT', `/internal/workflows/${id}/state`, { status }),
  getLinkage: (id: number) => call<Linkage>('GET', `/linkages/${id}`),
  linkageEnvelope: async (id: number) => (await call<{ envelopeName: string | null }>('GET', `/internal/linkages/${id}/envelope`)).envelopeName,
})
export type JobsClient = ReturnType<typeof jobsClient>
