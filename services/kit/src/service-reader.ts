import type { InternalRoute } from '@ligature/contracts/internal'
import { createServiceClient, internalClient, ServiceCallError, type InternalAnswer, type InternalInput } from './internal-client.js'

/**
 * Reads another service's routes directly (not through the gateway) as the system principal `caller`, through
 * the typed client: the route's definition fixes the path and the answer's type. The statuses in `absentOn`
 * (404 by default) read as null; any other failure throws, so the calling request answers 500 rather than
 * acting on a guess.
 */
export function createServiceReader(baseUrl: string, internalSecret: string, caller: string, absentOn: readonly number[] = [404]) {
  const send = internalClient(createServiceClient(baseUrl, internalSecret, caller)) as
    <D extends InternalRoute>(route: D, input: InternalInput<D>) => Promise<InternalAnswer<D>>
  return async <D extends InternalRoute>(route: D, input: InternalInput<D>): Promise<InternalAnswer<D> | null> => {
    try {
      return await send(route, input)
    } catch (err) {
      if (err instanceof ServiceCallError && absentOn.includes(err.status)) return null
      throw err
    }
  }
}
