import type { Readable } from 'node:stream'
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify'
import replyFrom from '@fastify/reply-from'
import type { Kysely } from 'kysely'
import { sql } from 'kysely'
import {
  API_VERSION, bodyLimitOf, buildOpenApiDocument, Errors, notFoundMessage, routeTable, SUPPORTED_API_VERSIONS, type RouteDef, type ServiceName,
} from '@ligature/contracts'
import { clientErrorHandler, frameworkErrors, hasRole, AccessLogController, logDestination, loggerOptions, PRINCIPAL_HEADER, signPrincipal, type Principal } from '@ligature/service-kit'
import type { GatewayDb } from './db.js'
import { createTokenResolver } from './auth/tokens.js'
import { createRouteMatcher } from './route-matcher.js'
import { splitApiPath } from './api-path.js'
import { checkParams, forwardPath, isDecodableQuery } from './forward-path.js'
import { readBounded } from './bounded-body.js'

export interface GatewayDeps {
  db: Kysely<GatewayDb>
  internalSecret: string
  services: Record<ServiceName, string>
  logger?: boolean | object
}

const send = (reply: FastifyReply, status: number, message: string, errors?: { path: string; message: string }[]) =>
  reply.status(status).send(errors ? { message, errors } : { message })

/** A path value no row can have: 404 with the route's resource, as the service answers unknown ids. */
const unknownValue = (reply: FastifyReply, route: RouteDef, param: string) => route.resource
  ? send(reply, 404, notFoundMessage(route.resource))
  : send(reply, 400, Errors.invalidRequest.message, [{ path: `/${param}`, message: 'is not a valid value' }])

/**
 * The single entry: `/api/v{version}/…` (version defaults to 3.3), bearer-token authentication, the role the
 * route table asks for, then a streamed proxy to the owning service with the principal signed for it.
 * Bodies are never parsed here, so uploads stream straight through.
 */
export async function buildApp(deps: GatewayDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? { ...loggerOptions('gateway'), stream: logDestination() }, requestIdHeader: 'x-request-id', bodyLimit: Number.MAX_SAFE_INTEGER, logController: new AccessLogController(),
    frameworkErrors, clientErrorHandler,
  })
  // reply-from's own two info lines per request (fetching, received) repeat the access log: off.
  await app.register(replyFrom, { undici: { headersTimeout: 0, bodyTimeout: 0 }, disableRequestLogging: true })
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', (_req, payload, done) => done(null, payload))

  const resolveToken = createTokenResolver(deps.db)
  // The resolver hands back one principal object per cached token, so its signed header is computed once.
  const signed = new WeakMap<Principal, string>()
  const signedHeader = (p: Principal) => {
    let header = signed.get(p)
    if (header === undefined) signed.set(p, header = signPrincipal(p, deps.internalSecret))
    return header
  }
  const match = createRouteMatcher(routeTable)
  const openapi = buildOpenApiDocument(`/api/v${API_VERSION}`)

  app.get('/healthz', async () => ({ status: 'ok' }))
  app.get('/readyz', async (_req, reply) => {
    const ok = await sql`select 1`.execute(deps.db).then(() => true, () => false)
    return reply.status(ok ? 200 : 503).send({ status: ok ? 'ready' : 'not ready' })
  })
  app.get('/openapi.json', async () => openapi)

  const authenticate = async (req: FastifyRequest): Promise<Principal | null> => {
    const header = req.headers.authorization
    const m = header ? /^Bearer\s+(\S+)$/i.exec(header) : null
    return m ? resolveToken(m[1]!) : null
  }

  app.all('/api/*', async (req, reply) => {
    const split = splitApiPath(req.url)
    if (!split.version || !(SUPPORTED_API_VERSIONS as readonly string[]).includes(split.version)) {
      return send(reply, 404, Errors.unsupportedVersion.message.replace('{version}', split.version ?? ''))
    }
    if (req.method === 'GET' && split.path === '/openapi.json') return openapi
    const principal = await authenticate(req)
    if (!principal) return send(reply, 401, Errors.unauthorized.message)
    const found = match(req.method, split.path)
    if (found === null || found === 'method-not-allowed') return send(reply, 404, `Route ${req.method}:${req.url.split('?')[0]} not found.`)
    const { route } = found
    if (!hasRole(principal, route.role)) return send(reply, 401, Errors.unauthorized.message)
    const params = checkParams(found.rawParams)
    if (!params.ok && params.problem === 'unsafe') return unknownValue(reply, route, params.param)
    if (!params.ok || !isDecodableQuery(split.search)) {
      return send(reply, 400, Errors.invalidRequest.message, [{ path: params.ok ? '/' : `/${params.param}`, message: 'is not valid percent-encoded UTF-8' }])
    }
    // JSON calls: the whole body, bounded, so an oversize one is refused here and the service always gets
    // a complete body. Uploads stream through; the envelopes service applies its own limit.
    const limit = bodyLimitOf(route)
    let body: Buffer | null | undefined
    if (limit !== undefined) {
      const declared = Number(req.headers['content-length'] ?? 0)
      body = declared > limit ? null : req.body ? await readBounded(req.body as Readable, limit) : Buffer.alloc(0)
      if (body === null) return reply.header('connection', 'close').status(413).send({ message: Errors.bodyTooLarge.message })
      // GET and DELETE take no body: it is read (bounded) and dropped.
      if (!route.body) body = null
    }
    const target = deps.services[route.service] + forwardPath(route.path, params.values) + split.search
    const contentType = req.headers['content-type'] ?? 'application/octet-stream'
    return reply.from(target, {
      ...(body === undefined ? {} : body === null || body.length === 0 ? { body: null } : { body, contentType }),
      rewriteRequestHeaders: (_orig, headers) => {
        const { authorization: _a, [PRINCIPAL_HEADER]: _p, ...rest } = headers
        // A held body goes out with its length, not the client's chunked framing.
        if (body !== undefined) delete rest['transfer-encoding']
        return { ...rest, [PRINCIPAL_HEADER]: signedHeader(principal) }
      },
      // Services name what they created relative to the API base; clients get the full path.
      rewriteHeaders: (headers) => (typeof headers.location === 'string' && headers.location.startsWith('/')
        ? { ...headers, location: `/api/v${split.version}${headers.location}` } : headers),
      onError: (rep, { error }) => {
        req.log.error({ err: { message: error.message }, service: found.route.service }, 'upstream failed')
        if (!rep.sent) send(rep as unknown as FastifyReply, 502, 'The service behind this call is not available. Try again shortly.')
      },
    })
  })
  app.setNotFoundHandler((req, reply) => send(reply, 404, `Route ${req.method}:${req.url.split('?')[0]} not found.`))
  app.setErrorHandler((err: Error & { statusCode?: number }, req, reply) => {
    if (err.statusCode === 413) return send(reply, 413, Errors.bodyTooLarge.message)
    req.log.error({ err: { type: err.name, message: err.message } }, 'gateway error')
    return send(reply, 500, Errors.internal.message)
  })
  return app
}
