import type { Principal } from '@ligature/service-kit'
import { isAdmin } from '@ligature/service-kit'

/**
 * Project scope (contracts/DECISIONS.md): a non-admin caller sees extractions and results whose project code is
 * one of its token's projects; null means every project. An empty list still needs a valid `in (...)`.
 */
export const visibleCodes = (p: Principal): string[] | null => (isAdmin(p) ? null : p.projects.length ? p.projects : [''])
