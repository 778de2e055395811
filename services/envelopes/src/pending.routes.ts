import { notImplementedHandlers } from '@ligature/service-kit'

// Linkages, bulk loads, workflows and jobs arrive with the envelope-pipeline work (issue 4).
export const pendingHandlers = notImplementedHandlers([
  'listEnvelopeJobs', 'listProjectEnvelopes', 'listLinkages', 'createLinkage', 'getLinkage', 'bulkLoad',
  'listWorkflows', 'getWorkflow', 'listJobs', 'getJob',
])
