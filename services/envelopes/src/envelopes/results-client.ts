import type { Extraction } from '@ligature/contracts'
import { ResultsInternalPaths } from '@ligature/contracts/internal'
import { PRINCIPAL_HEADER, signPrincipal, systemPrincipal } from '@ligature/service-kit'

/** The results service owns extractions: an envelope's are read from its internal API. */
export function createResultsClient(baseUrl: string, internalSecret: string) {
  const principal = signPrincipal(systemPrincipal('envelopes'), internalSecret)
  return {
    async extractionsOfEnvelope(envelopeName: string, page: { limit: number; offset: number }): Promise<{ items: Extraction[]; total: number }> {
      const qs = new URLSearchParams({ envelopeName, limit: String(page.limit), offset: String(page.offset) })
      const res = await fetch(`${baseUrl}${ResultsInternalPaths.listExtractions}?${qs}`, { headers: { [PRINCIPAL_HEADER]: principal } })
      if (!res.ok) throw new Error(`results GET extractions answered ${res.status}`)
      return (await res.json()) as { items: Extraction[]; total: number }
    },
  }
}
export type ResultsClient = ReturnType<typeof createResultsClient>
