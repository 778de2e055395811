import type { MatchStrategy, Project } from '@ligature/contracts'
import { ApiError, PRINCIPAL_HEADER, signPrincipal, type FieldProblem, type Principal } from '@ligature/service-kit'

/**
 * The projects service's match-strategy calls, made *as the caller* (their principal signed with the internal
 * secret): applying an estimate is the caller's own strategy update, so the projects service checks their role
 * and scope, keeps its audit trail under their name and answers its own 404/409s, which are passed on.
 */
export function createStrategyClient(baseUrl: string, internalSecret: string) {
  async function call<T>(p: Principal, method: 'GET' | 'PUT', path: string, body?: unknown): Promise<T | null> {
    const res = await fetch(baseUrl + path, {
      method,
      headers: { [PRINCIPAL_HEADER]: signPrincipal(p, internalSecret), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    })
    if (res.status === 204) return null
    const answer = (await res.json().catch(() => ({}))) as { message?: string; errors?: FieldProblem[] }
    if (!res.ok) throw new ApiError(res.status, answer.message ?? `${method} ${path} answered ${res.status}`, answer.errors)
    return answer as T
  }
  const strategyPath = (projectId: string, strategyId: number) =>
    `/projects/${encodeURIComponent(projectId)}/matchconfig/strategies/${strategyId}`
  return {
    project: async (p: Principal, projectId: string) => (await call<Project>(p, 'GET', `/projects/${encodeURIComponent(projectId)}`))!,
    strategy: async (p: Principal, projectId: string, strategyId: number) => (await call<MatchStrategy>(p, 'GET', strategyPath(projectId, strategyId)))!,
    putStrategy: (p: Principal, projectId: string, strategyId: number, s: MatchStrategy) => call(p, 'PUT', strategyPath(projectId, strategyId), s),
  }
}
export type StrategyClient = ReturnType<typeof createStrategyClient>
