import { createHmac, timingSafeEqual } from 'node:crypto'
import { Roles, type Role } from '@ligature/contracts'

/** Who is calling, as the gateway established it from a bearer token. */
export interface Principal {
  tokenId: string
  name: string
  role: Role
  /** Project codes the token may see; ignored for admin. */
  projects: string[]
}

export const PRINCIPAL_HEADER = 'x-ligature-principal'

const mac = (secret: string, payload: string) => createHmac('sha256', secret).update(payload).digest('base64url')

/** `<base64url json>.<hmac>`: services accept a principal only when the gateway signed it. */
export function signPrincipal(p: Principal, secret: string): string {
  const payload = Buffer.from(JSON.stringify(p)).toString('base64url')
  return `${payload}.${mac(secret, payload)}`
}

/** Verified headers and what they name: the gateway signs one header per token, so nearly every call repeats one. */
const verified = new Map<string, Principal>()
/** A bound on the memo: past it, the memo starts again (a service sees a few hundred live tokens at most). */
export const VERIFIED_PRINCIPALS_MAX = 1024

function verifySigned(header: string, secret: string): Principal | null {
  const [payload, sig] = header.split('.')
  if (!payload || !sig) return null
  const expected = Buffer.from(mac(secret, payload))
  const given = Buffer.from(sig)
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null
  try {
    const p = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Principal
    return Roles.includes(p.role) && Array.isArray(p.projects) ? p : null
  } catch {
    return null
  }
}

/**
 * The principal of a signed header, or null. A header once verified with a secret is remembered with it, so the
 * HMAC and JSON work is done once per token rather than once per call; refused headers are never remembered.
 * The principal is frozen, being shared by every call that presents the same header.
 */
export function verifyPrincipal(header: string | undefined, secret: string): Principal | null {
  if (!header) return null
  const key = `${secret}\n${header}`
  const known = verified.get(key)
  if (known) return known
  const p = verifySigned(header, secret)
  if (!p) return null
  if (verified.size >= VERIFIED_PRINCIPALS_MAX) verified.clear()
  Object.freeze(p.projects)
  verified.set(key, Object.freeze(p))
  return p
}

export const hasRole = (p: Principal, least: Role) => Roles.indexOf(p.role) >= Roles.indexOf(least)
export const isAdmin = (p: Principal) => p.role === 'admin'
export const canSeeProject = (p: Principal, projectCode: string) => isAdmin(p) || p.projects.includes(projectCode)

/** The worker and internal jobs act as this principal. */
export const systemPrincipal = (name = 'system'): Principal => ({ tokenId: 'system', name, role: 'admin', projects: [] })
/** Whether the caller is the system principal (an admin token is not): the only caller of internal routes. */
export const isSystem = (p: Principal | null): boolean => p !== null && isAdmin(p) && p.tokenId === 'system'
