import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import swagger from '@fastify/swagger'
import { JSON_DEPTH_LIMIT, type RouteDef } from '@ligature/contracts'
import { apiError, notFound } from './errors.js'
import { validatorFor } from './validation.js'
import { jsonDepthExceeds, unstorableTextAt } from './json-depth.js'
import { logDestination, loggerOptions } from './logger.js'
import { AccessLogController } from './access-log.js'
import { clientErrorHandler, frameworkErrors, installErrorPolicy } from './error-policy.js'
import { verifyPrincipal, PRINCIPAL_HEADER, type Principal } from './principal.js'

declare module 'fastify' {
  interface FastifyRequest { principal: Principal | null }
  /** Route ids registered with the not-implemented stub (they answer 501 until built). */
  interface FastifyInstance { pendingRoutes: Set<string> }
}

export interface ServiceAppOptions {
  name: string
  internalSecret: string
  /** Readiness probes: each must resolve when its dependency answers. */
  readiness?: Record<string, () => Promise<unknown>>
  logger?: FastifyServerOptions['logger']
  bodyLimit?: number
}

/**
 * The common shell of every service: TypeBox validation that rejects extra properties, OpenAPI 3.1,
 * health and readiness probes, the principal the gateway signed, and the error policy.
 */
export async function createServiceApp(opts: ServiceAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? { ...loggerOptions(opts.name), stream: logDestination() },
    bodyLimit: opts.bodyLimit ?? 5 * 1024 * 1024,
    requestIdHeader: 'x-request-id', logController: new AccessLogController(),
    frameworkErrors, clientErrorHandler,
  }).withTypeProvider<TypeBoxTypeProvider>()
  app.setValidatorCompiler(({ schema, httpPart }) => validatorFor(httpPart).compile(schema))
  // Fastify's JSON parser (prototype-poisoning checks kept), behind a nesting limit (recursive checks of a
  // body nested thousands deep would otherwise exhaust the stack) and refusing text no UTF-8 column holds.
  const parseJson = app.getDefaultJsonParser('error', 'ignore')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const key = (req.routeOptions.config as { route?: RouteDef } | undefined)?.route?.badRequest ?? 'unparseableBody'
    const refuse = (path: string, why: string) => done(apiError(key, [{ path, message: why }]), undefined)
    if (jsonDepthExceeds(body as string, JSON_DEPTH_LIMIT)) return refuse('/', `must not nest deeper than ${JSON_DEPTH_LIMIT} levels`)
    return parseJson(req, body as string, (err, value) => {
      const at = err ? null : unstorableTextAt(value)
      return at ? refuse(at, 'must not contain NUL (U+0000) or a lone UTF-16 surrogate') : done(err, value)
    })
  })

  await app.register(swagger, { openapi: { openapi: '3.1.0', info: { title: `ligature-${opts.name}`, version: '3.3' } } })
  installErrorPolicy(app)
  app.decorateRequest('principal', null)
  app.decorate('pendingRoutes', new Set<string>())
  // Services are also called directly (worker, other services): a path value with a control character
  // (NUL above all) names nothing and must never reach a query.
  app.addHook('preValidation', async (req) => {
    const params = req.params as Record<string, unknown> | undefined
    // eslint-disable-next-line no-control-regex -- matching control characters is the point
    if (!params || !Object.values(params).some((v) => typeof v === 'string' && /[\u0000-\u001f\u007f]/.test(v))) return
    const route = (req.routeOptions.config as { route?: RouteDef } | undefined)?.route
    throw route?.resource ? notFound(route.resource) : apiError('invalidRequest')
  })
  app.addHook('onRequest', async (req) => {
    req.principal = verifyPrincipal(req.headers[PRINCIPAL_HEADER] as string | undefined, opts.internalSecret)
  })
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }))
  app.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
    const checks: Record<string, string> = {}
    for (const [name, probe] of Object.entries(opts.readiness ?? {})) {
      checks[name] = await probe().then(() => 'ok', () => 'down')
    }
    const ready = Object.values(checks).every((c) => c === 'ok')
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', checks })
  })
  return app
}
