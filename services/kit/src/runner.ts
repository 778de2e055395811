import closeWithGrace from 'close-with-grace'
import type { FastifyInstance } from 'fastify'

/** Thin standalone runner: listen, and close everything on SIGINT/SIGTERM or a fatal error. */
export async function runApp(app: FastifyInstance, port: number, host: string, onClose: () => Promise<void> = async () => {}): Promise<void> {
  closeWithGrace({ delay: 10_000 }, async ({ err }) => {
    if (err) app.log.error({ err: { message: err.message } }, 'fatal error, closing')
    await app.close()
    await onClose()
  })
  app.server.requestTimeout = 0 // uploads can take long; the multipart limits bound them instead
  app.server.headersTimeout = 60_000
  app.server.keepAliveTimeout = 72_000
  await app.listen({ port, host })
}
