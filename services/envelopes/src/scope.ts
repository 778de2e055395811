import { canSeeProject, unauthorized, type Principal } from '@ligature/service-kit'

/**
 * Project scope (contracts/DECISIONS.md): a non-admin caller sees rows whose project code is one of its
 * token's projects. An empty list still needs a valid `in (...)`, hence the impossible code ''.
 */
export const scopeCodes = (p: Principal): string[] => (p.projects.length ? p.projects : [''])

/** Writes name a project: it must be in the caller's scope, or the call is 401 like a missing role. */
export function requireProjectInScope(p: Principal, projectCode: string): void {
  if (!canSeeProject(p, projectCode)) throw unauthorized()
}
