import { PRINCIPAL_HEADER, signPrincipal, systemPrincipal, type Principal } from '@ligature/service-kit'
import { api, buildEnvelope, uploadEnvelope, type Platform } from '@ligature/testkit'

/** Calls the gateway under /api/v3.3 with a token (admin by default); `token: null` sends none. */
export const caller = (platform: Platform) =>
  (method: string, path: string, body?: unknown, token: string | null = platform.adminToken) =>
    api(platform.url, method, `/api/v3.3${path}`, { ...(token ? { token } : {}), ...(body === undefined ? {} : { body }) })

/**
 * Calls the envelopes service's internal routes directly, as the worker does: signed system principal by
 * default, or another principal to prove the routes refuse it.
 */
export const internal = (platform: Platform) =>
  (method: string, path: string, body?: unknown, principal: Principal = systemPrincipal('worker')) =>
    api(platform.services.envelopes.url, method, path, {
      headers: { [PRINCIPAL_HEADER]: signPrincipal(principal, platform.internalSecret) }, ...(body === undefined ? {} : { body }),
    })

/** An active project with no members: enough for linkage requests, which name it by code. */
export async function createProject(platform: Platform, code: string, over: Record<string, unknown> = {}) {
  const res = await caller(platform)('POST', '/projects', {
    code, name: `Project ${code}`, description: `Linkage of ${code} collections`, isActive: true, eventTypeMembers: [], ...over,
  })
  if (res.status !== 201) throw new Error(`project ${code}: ${res.status} ${res.text}`)
  return res.json as { id: number; code: string }
}

/** Outbox events of one subject, oldest first: what the relay publishes to NATS. */
export async function outboxEvents(platform: Platform, subject: string): Promise<Record<string, unknown>[]> {
  const rows = await platform.services.envelopes.db.selectFrom('outbox').select(['payload']).where('subject', '=', subject).orderBy('id').execute()
  return rows.map((r) => (r.payload as { data: Record<string, unknown> }).data)
}

/** Setup steps outside a subtest: a wrong status stops the file instead of asserting after tap's end. */
export async function expectStatus<R extends { status: number; json?: unknown }>(pending: Promise<R>, status: number): Promise<R> {
  const res = await pending
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${JSON.stringify(res.json)}`)
  return res
}

export const UNAUTHORIZED = { message: 'User does not have required permissions.' }

/** An uploaded one-file envelope of project CORE that the worker has validated: what the worker writes jobs and notifications for. */
export async function validatedEnvelope(platform: Platform, name: string): Promise<void> {
  const zip = buildEnvelope({ project: 'CORE', sender: 'WAHEALTH', files: [{ fileName: 'data.csv', eventTypeCode: 'HMDS', content: 'rec_id,surname\n1,Smith\n' }] })
  await expectStatus(uploadEnvelope(platform.url, platform.adminToken, `${name}.zip`, zip), 201)
  await expectStatus(internal(platform)('PUT', `/internal/envelopes/${name}/state`, { status: 2, type: 1, projectCode: 'CORE', sender: 'WAHEALTH' }), 200)
}
