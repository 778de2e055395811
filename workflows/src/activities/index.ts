import { createServiceClient } from '../clients/service-client.js'
import { envelopesClient } from '../clients/envelopes-client.js'
import { envelopeActivities } from './envelope.activities.js'

export interface ActivityDeps { envelopesUrl: string; internalSecret: string; dataDir: string }

/** Every activity the worker registers, built from its dependencies (the samples' factory shape). */
export function createActivities(deps: ActivityDeps) {
  const envelopes = envelopesClient(createServiceClient(deps.envelopesUrl, deps.internalSecret))
  return {
    ...envelopeActivities({ envelopes, dataDir: deps.dataDir }),
  }
}
