import { PRINCIPAL_HEADER, signPrincipal, systemPrincipal } from '@ligature/service-kit'

export class ServiceCallError extends Error {
  constructor(readonly status: number, message: string) {
    super(message)
    this.name = 'ServiceCallError'
  }
}

/** Calls a service's internal routes as the system principal, signed with the internal secret. */
export function createServiceClient(baseUrl: string, internalSecret: string) {
  const principal = signPrincipal(systemPrincipal('worker'), internalSecret)
  return async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const send = () => fetch(baseUrl + path, {
      method,
      headers: { [PRINCIPAL_HEADER]: principal, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    // A kept-alive socket the server has closed fails at once; reads are safe to send again on a new one.
    const res = await send().catch((err: unknown) => { if (method === 'GET') return send(); throw err })
    const text = await res.text()
    if (!res.ok) throw new ServiceCallError(res.status, `${method} ${path} answered ${res.status}: ${text.slice(0, 200)}`)
    return (text ? JSON.parse(text) : undefined) as T
  }
}
export type ServiceClient = ReturnType<typeof createServiceClient>
