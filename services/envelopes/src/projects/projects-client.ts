import type { Project } from '@ligature/contracts'
import { PRINCIPAL_HEADER, signPrincipal, systemPrincipal } from '@ligature/service-kit'

/**
 * Reads the projects service directly (not through the gateway) as the system principal, signed with the
 * internal secret like every gateway call. A 404 reads as null; any other failure throws and answers 500.
 */
export function createProjectsClient(baseUrl: string, internalSecret: string) {
  const principal = signPrincipal(systemPrincipal('envelopes'), internalSecret)
  async function get<T>(path: string): Promise<T | null> {
    const res = await fetch(baseUrl + path, { headers: { [PRINCIPAL_HEADER]: principal } })
    if (res.status === 404) return null
    if (!res.ok) throw new Error(`projects GET ${path} answered ${res.status}`)
    return (await res.json()) as T
  }
  return {
    projectById: (id: number) => get<Project>(`/projects/${id}`),
    projectByCode: (code: string) => get<Project>(`/projects/${encodeURIComponent(code)}?byCode=true`),
  }
}
export type ProjectsClient = ReturnType<typeof createProjectsClient>
