import { projectsRoutes } from '@ligature/contracts'
import { handlersOf, notFound, pageOf, sendPage } from '@ligature/service-kit'
import { findMatchProvider, MATCH_PROVIDERS } from './catalogue.js'

const provider = (name: string) => {
  const found = findMatchProvider(name)
  if (!found) throw notFound('Match provider')
  return found
}
const page = <T>(items: T[], query: { limit?: number; offset?: number }) => {
  const { limit, offset } = pageOf(query)
  return items.slice(offset, offset + limit)
}

/** The catalogue is static and the same for every caller: no project scope applies. */
export const matchProviderHandlers = () => handlersOf(projectsRoutes)({
  listMatchProviders: async ({ query, reply }) =>
    sendPage(reply, page(MATCH_PROVIDERS.map(({ name, description, isDefault }) => ({ name, description, isDefault })), query), MATCH_PROVIDERS.length),
  getMatchProvider: async ({ params }) => {
    const { name, description, isDefault } = provider(params.providerName)
    return { name, description, isDefault }
  },
  listMatchProviderFields: async ({ params, query, reply }) => {
    const { fields } = provider(params.providerName)
    return sendPage(reply, page(fields, query), fields.length)
  },
  listComparisonTypes: async ({ params, query, reply }) => {
    const { comparisonTypes } = provider(params.providerName)
    return sendPage(reply, page(comparisonTypes, query), comparisonTypes.length)
  },
})
