import { request } from 'node:http'

export interface RawResponse { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }

/**
 * Sends a request exactly as given: the path is not normalised (fetch would resolve `%2e%2e` segments) and
 * the body is raw bytes. An answer that arrives while the body is still being written counts as the answer,
 * as it would for any HTTP client; `null` means no answer within `timeoutMs`.
 */
export function rawRequest(base: string, method: string, path: string, opts: { headers?: Record<string, string>; body?: Buffer; timeoutMs: number }): Promise<RawResponse | null | Error> {
  const url = new URL(base)
  return new Promise((done) => {
    let settled = false
    const finish = (v: RawResponse | null | Error) => { if (!settled) { settled = true; clearTimeout(timer); done(v) } }
    let req: ReturnType<typeof request>
    try {
      req = request({
        host: url.hostname, port: url.port, method, path, agent: false,
        headers: { ...(opts.headers ?? {}), ...(opts.body ? { 'content-length': String(opts.body.length) } : {}), connection: 'close' },
      }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => finish({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
        res.on('error', (err) => finish(err))
      })
    } catch (err) {
      return done(err as Error)
    }
    const timer = setTimeout(() => { req.destroy(); finish(null) }, opts.timeoutMs)
    // A write into a socket the server closed after answering is not a failure of the server.
    req.on('error', (err) => setTimeout(() => finish(err), 200))
    req.end(opts.body)
  })
}
