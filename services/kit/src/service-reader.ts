import { PRINCIPAL_HEADER, signPrincipal, systemPrincipal } from './principal.js'

/**
 * GETs another service's calls directly (not through the gateway) as the system principal `caller`, signed
 * with the internal secret. The statuses in `absentOn` (404 by default) read as null; any other failure throws,
 * so the calling request answers 500 rather than acting on a guess.
 */
export function createServiceReader(baseUrl: string, internalSecret: string, caller: string, absentOn: readonly number[] = [404]) {
  const principal = signPrincipal(systemPrincipal(caller), internalSecret)
  return async function get<T>(path: string): Promise<T | null> {
    const res = await fetch(baseUrl + path, { headers: { [PRINCIPAL_HEADER]: principal } })
    if (absentOn.includes(res.status)) return null
    if (!res.ok) throw new Error(`GET ${path} answered ${res.status}`)
    return (await res.json()) as T
  }
}
