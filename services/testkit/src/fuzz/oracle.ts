import { Errors, notFoundMessage, Resources } from '@ligature/contracts'
import type { RawResponse } from './raw-http.js'

/** Message of the not-implemented stub (services/kit pending.ts). */
export const PENDING_MESSAGE = 'This call is not available yet.'

const fixed = new Set<string>([...Object.values(Errors).map((e) => e.message), ...Resources.map(notFoundMessage)])
const templates = [/^API version .* is not supported\.$/s, /^Route [A-Z]+:.* not found\.$/s]

/** True when the message is one of the catalogue's, templates filled in. */
export const isCatalogueMessage = (message: string) => fixed.has(message) || templates.some((t) => t.test(message))

/**
 * Why an answer breaks the error contract, or null when it keeps it: a 5xx (501 only for a call still
 * answered by the not-implemented stub), or an error body that is not `{message, errors?}` with a
 * catalogue message.
 */
export function errorContractProblem(res: RawResponse, pending: boolean): string | null {
  if (res.status >= 500 && !(res.status === 501 && pending)) return `status ${res.status}`
  if (res.status < 400) return null
  let body: unknown
  try { body = JSON.parse(res.body.toString('utf8')) } catch { return `error body is not JSON: ${res.body.toString('utf8').slice(0, 120)}` }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'error body is not an object'
  const { message, errors, ...rest } = body as { message?: unknown; errors?: unknown }
  if (Object.keys(rest).length) return `error body has extra keys ${Object.keys(rest).join(',')}`
  if (typeof message !== 'string') return 'error body has no message'
  if (res.status === 501 && pending) return message === PENDING_MESSAGE ? null : `unexpected 501 message ${message}`
  if (!isCatalogueMessage(message)) return `message not in the catalogue: ${message.slice(0, 120)}`
  if (errors !== undefined && !(Array.isArray(errors) && errors.every((e) => typeof e?.path === 'string' && typeof e?.message === 'string' && Object.keys(e).length === 2))) {
    return 'errors is not a list of {path, message}'
  }
  return null
}
