import type { FastifyInstance } from 'fastify'

/**
 * One access-log line per request, written when the response is done, instead of Fastify's two (incoming and
 * completed): the same facts (request id, method, route, status, time) at half the logging work on the hot
 * path. Used with `disableRequestLogging: true`; above info, pino makes the call a no-op.
 */
export function installAccessLog(app: FastifyInstance): void {
  app.addHook('onResponse', (req, reply, done) => {
    req.log.info({ req, res: reply, responseTime: reply.elapsedTime }, 'request completed')
    done()
  })
}
