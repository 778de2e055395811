import { notFound, pageOf, sendPage, type Handler } from '@ligature/service-kit'
import { findMatchProvider, MATCH_PROVIDERS } from './catalogue.js'

const provider = (name: string) => {
  const found = findMatchProvider(name)
  if (!found) throw notFound('Match provider')
  return found
}
const page = <T>(items: T[], query: unknown) => {
  const { limit, offset } = pageOf(query as { limit?: number; offset?: number })
  return items.slice(offset, offset + limit)
}

/** The catalogue is static and the same for every caller: no project scope applies. */
export const matchProviderHandlers = () => ({
  listMatchProviders: (async ({ query, reply }) =>
    sendPage(reply, page(MATCH_PROVIDERS.map(({ name, description, isDefault }) => ({ name, description, isDefault })), query), MATCH_PROVIDERS.length)) satisfies Handler,
  getMatchProvider: (async ({ params }) => {
    const { name, description, isDefault } = provider(params.providerName)
    return { name, description, isDefault }
  }) satisfies Handler,
  listMatchProviderFields: (async ({ params, query, reply }) => {
    const { fields } = provider(params.providerName)
    return sendPage(reply, page(fields, query), fields.length)
  }) satisfies Handler,
  listComparisonTypes: (async ({ params, query, reply }) => {
    const { comparisonTypes } = provider(params.providerName)
    return sendPage(reply, page(comparisonTypes, query), comparisonTypes.length)
  }) satisfies Handler,
})
