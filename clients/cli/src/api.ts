/**
 * The gateway client: bearer token, JSON in and out, and every non-2xx answer turned into an ApiError with
 * the catalogue message the platform sent (contracts/src/errors.ts) and its listed problems.
 */
import { createReadStream, createWriteStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import http, { type IncomingMessage } from 'node:http'
import https from 'node:https'
import { Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { ApiError, CliError } from './errors.js'
import type { Credentials } from './config.js'

export const API_PREFIX = '/api/v3.3'

interface ErrorBody { message?: unknown; errors?: unknown }

export class ApiClient {
  constructor(private readonly creds: Credentials) {}

  private url(path: string) { return `${this.creds.url}${API_PREFIX}${path}` }

  private async send(method: string, path: string, init: RequestInit = {}): Promise<Response> {
    let res: Response
    try {
      res = await fetch(this.url(path), { method, ...init, headers: { authorization: `Bearer ${this.creds.token}`, ...(init.headers ?? {}) } })
    } catch (e) {
      const cause = (e as { cause?: { code?: string } }).cause?.code ?? (e as Error).message
      throw new CliError(`Cannot reach the gateway at ${this.creds.url} (${cause}).`)
    }
    if (res.status >= 300 && res.status !== 304) throw await apiError(res)
    return res
  }

  async json<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await this.send(method, path, body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
    const text = await res.text()
    return (text ? JSON.parse(text) : undefined) as T
  }

  /**
   * Status only (DELETE answers 204, or 304 when already done). A 304 has no body, so the platform puts its
   * catalogue sentence in the `X-Ligature-Message` header; it is returned as `message`.
   */
  async status(method: string, path: string): Promise<{ status: number; message: string | null }> {
    const res = await this.send(method, path)
    await res.body?.cancel()
    return { status: res.status, message: res.headers.get('x-ligature-message') }
  }

  /** Streams an attachment to disk; returns its size and the server's file name when it gives one. */
  async download(path: string, dest: string): Promise<{ bytes: number; filename: string | null }> {
    const res = await this.send('GET', path)
    const filename = /filename="?([^";]+)"?/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? null
    if (!res.body) throw new CliError(`The gateway sent an empty answer for ${path}.`)
    await pipeline(Readable.fromWeb(res.body as never), createWriteStream(dest))
    return { bytes: (await stat(dest)).size, filename }
  }

  /**
   * Multipart upload streamed from disk (field `file`, as `curl -F file=@x.zip`): the multipart preamble, the
   * file's bytes and the closing boundary are piped to node:http, whose backpressure keeps memory flat
   * (fetch with a Readable.toWeb body buffered the whole file on Node 20).
   */
  async upload<T>(path: string, file: string, filename: string, onProgress: (sent: number, total: number) => void): Promise<T> {
    const size = (await stat(file)).size
    const boundary = `----ligature${Date.now().toString(16)}${Math.random().toString(16).slice(2)}`
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename.replace(/"/g, '')}"\r\nContent-Type: application/zip\r\n\r\n`)
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
    const url = new URL(this.url(path))
    const request = (url.protocol === 'https:' ? https : http).request
    const res = await new Promise<IncomingMessage>((resolve, reject) => {
      const req = request(url, { method: 'POST', headers: {
        authorization: `Bearer ${this.creds.token}`, 'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(head.length + size + tail.length),
      } }, resolve)
      req.on('error', (e: NodeJS.ErrnoException) => reject(new CliError(`Cannot reach the gateway at ${this.creds.url} (${e.code ?? e.message}).`)))
      let sent = 0
      const counter = new Transform({ transform(chunk: Buffer, _e, done) { sent += chunk.length; onProgress(sent, size); done(null, chunk) } })
      req.write(head)
      createReadStream(file, { highWaterMark: 1 << 20 }).pipe(counter).on('end', () => req.end(tail)).pipe(req, { end: false })
    })
    const chunks: Buffer[] = []
    for await (const chunk of res) chunks.push(chunk as Buffer)
    const text = Buffer.concat(chunks).toString('utf8')
    const status = res.statusCode ?? 0
    if (status >= 300) throw await apiError(new Response(text, { status, statusText: res.statusMessage ?? '' }))
    return JSON.parse(text) as T
  }
}

async function apiError(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => '')
  let body: ErrorBody = {}
  try { body = JSON.parse(text) as ErrorBody } catch { /* not JSON: fall back to the status line */ }
  const message = typeof body.message === 'string' ? body.message : `The gateway answered ${res.status} ${res.statusText}.`
  const problems = Array.isArray(body.errors) ? body.errors.map((e) => (typeof e === 'string' ? e : describe(e))) : []
  return new ApiError(res.status, message, problems)
}

function describe(problem: unknown): string {
  if (typeof problem === 'object' && problem !== null) {
    const p = problem as Record<string, unknown>
    const where = typeof p.path === 'string' ? p.path : typeof p.field === 'string' ? p.field : ''
    const what = typeof p.message === 'string' ? p.message : JSON.stringify(problem)
    return where ? `${where}: ${what}` : what
  }
  return String(problem)
}
