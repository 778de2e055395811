import { STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { Errors, notFoundMessage, type RouteDef } from '@ligature/contracts'
import { ApiError } from './errors.js'

const validationProblems = (err: FastifyError) =>
  (err.validation ?? []).map((v) => ({
    path: (v.instancePath || '') + ((v.params as { missingProperty?: string; additionalProperty?: string })?.missingProperty ? `/${(v.params as { missingProperty: string }).missingProperty}` : (v.params as { additionalProperty?: string })?.additionalProperty ? `/${(v.params as { additionalProperty: string }).additionalProperty}` : '') || '/',
    message: v.message ?? 'is not valid',
  }))

/**
 * One error policy per service: ApiError carries its status and catalogue text; schema and parse failures get
 * the route's catalogue message; anything else is logged and answered 500 with no detail.
 */
export function installErrorPolicy(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const route = (req.routeOptions.config as { route?: RouteDef } | undefined)?.route
    if (err instanceof ApiError) {
      // 304 carries no body (RFC 9110): the catalogue text travels in a header instead.
      if (err.status === 304) return reply.status(304).header('x-ligature-message', err.message).send()
      return reply.status(err.status).send(err.errors ? { message: err.message, errors: err.errors } : { message: err.message })
    }
    if (err.validation && err.validationContext === 'params' && route?.resource) {
      // A path value outside its type or range (an id past the column's range) names nothing: 404, never a query.
      return reply.status(404).send({ message: notFoundMessage(route.resource) })
    }
    if (err.validation) {
      const key = err.validationContext === 'body' ? (route?.badRequest ?? 'invalidRequest') : 'invalidRequest'
      return reply.status(400).send({ message: Errors[key].message, errors: validationProblems(err) })
    }
    const status = err.statusCode ?? 500
    if (status === 413) return reply.status(413).send({ message: (route?.multipart ? Errors.envelopeTooLarge : Errors.bodyTooLarge).message })
    if (status >= 400 && status < 500) {
      // Unparseable bodies, wrong content types and the like.
      const key = route?.badRequest ?? 'unparseableBody'
      return reply.status(400).send({ message: Errors[key].message })
    }
    req.log.error({ err: { type: err.name, message: err.message, stack: err.stack } }, 'unhandled error')
    return reply.status(500).send({ message: Errors.internal.message })
  })
  app.setNotFoundHandler((req, reply) => {
    reply.status(404).send({ message: `Route ${req.method}:${req.url.split('?')[0]} not found.` })
  })
}

/** Fastify's own early refusals (a malformed `%` escape in the URL) in the catalogue's shape. */
export function frameworkErrors(_err: FastifyError, _req: FastifyRequest, reply: FastifyReply): void {
  void reply.status(400).send({ message: Errors.invalidRequest.message })
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (oversize headers, broken framing, a body
 * that stops arriving) get a catalogue body too, then the connection closes.
 */
export function clientErrorHandler(err: Error & { code?: string }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || !socket.writable) { socket.destroy(); return }
  const e = err.code === 'HPE_HEADER_OVERFLOW' ? Errors.headersTooLarge
    : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? Errors.requestTimeout : Errors.invalidRequest
  const body = JSON.stringify({ message: e.message })
  socket.end(`HTTP/1.1 ${e.status} ${STATUS_CODES[e.status]}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`)
}
