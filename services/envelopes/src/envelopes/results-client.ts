import { ResultsInternal } from '@ligature/contracts/internal'
import { createServiceClient, internalClient } from '@ligature/service-kit'

/** The results service owns extractions: an envelope's are read from its internal API. */
export function createResultsClient(baseUrl: string, internalSecret: string) {
  const internal = internalClient(createServiceClient(baseUrl, internalSecret, 'envelopes'))
  return {
    extractionsOfEnvelope: (envelopeName: string, page: { limit: number; offset: number }) =>
      internal(ResultsInternal.listExtractions, { query: { envelopeName, limit: page.limit, offset: page.offset } }),
  }
}
export type ResultsClient = ReturnType<typeof createResultsClient>
