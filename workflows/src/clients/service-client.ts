import { createServiceClient as kitServiceClient } from '@ligature/service-kit'

export { ServiceCallError, internalClient, type ServiceClient } from '@ligature/service-kit'

/** Calls a service (its internal routes above all) as the worker's system principal, signed with the internal secret. */
export const createServiceClient = (baseUrl: string, internalSecret: string) => kitServiceClient(baseUrl, internalSecret, 'worker')
