import { destination, type DestinationStream, type LoggerOptions } from 'pino'

/**
 * Log options shared by every process. Personal data and secrets never reach the logs: credentials and the
 * signed principal are redacted, request bodies are never logged, and only method, route and status are.
 */
export function loggerOptions(service: string, level = process.env.LOG_LEVEL ?? 'info'): LoggerOptions {
  return {
    level,
    base: { service },
    redact: {
      paths: [
        'req.headers.authorization', 'req.headers["x-ligature-principal"]', 'req.headers.cookie',
        '*.token', '*.password', '*.secret', '*.value', 'err.config',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: { method: string; routeOptions?: { url?: string }; url: string; id: string }) => ({
        id: req.id, method: req.method, route: req.routeOptions?.url ?? req.url.split('?')[0],
      }),
    },
  }
}

/**
 * Where a service's log lines go: standard output, written asynchronously. Lines written while an earlier write
 * is in flight go out together, so a busy service makes one system call per batch instead of one per line;
 * an idle one still writes each line at once. pino flushes what is pending when the process exits.
 */
export const logDestination = (): DestinationStream => destination({ dest: 1, sync: false })
