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

export interface BatchedDestination extends DestinationStream { flush(done?: (err?: Error) => void): void }

/** A batch of log lines goes out once it holds this many bytes, */
export const LOG_BATCH_BYTES = 4096
/** or this often, whichever comes first. */
export const LOG_FLUSH_MS = 250

// pino starts every line with its level: {"level":30,... A first digit of 4 or more is a warning, an error or fatal.
const LEVEL_DIGIT_AT = '{"level":'.length
const isWarningOrWorse = (line: string) => line.charCodeAt(LEVEL_DIGIT_AT) >= 0x34 && line.startsWith('{"level":')

/**
 * Where a service's log lines go: standard output (or `dest`), written asynchronously in batches. Each write is a
 * system call and a hand-off to a thread; written line by line they took 12 % of the gateway's CPU under load
 * (architecture-and-scale.mdx), so info lines wait until LOG_BATCH_BYTES have gathered or LOG_FLUSH_MS has
 * passed. A warning or an error goes out at once with what waits before it, and pino writes what is pending when
 * the process exits; a process killed outright (SIGKILL, out of memory) loses at most LOG_FLUSH_MS of info lines.
 */
export function logDestination(dest: number | string = 1, flushMs = LOG_FLUSH_MS): BatchedDestination {
  const out = destination({ dest, sync: false, minLength: LOG_BATCH_BYTES, periodicFlush: flushMs })
  // flush() does nothing while a batch is being written or the file opened: a warning that arrives then goes
  // out as soon as that ends (at the cost, sometimes, of one more write).
  let warningHeld = false
  const flushWarning = () => { if (warningHeld) { warningHeld = false; out.flush() } }
  out.on('drain', flushWarning)
  out.on('ready', flushWarning)
  return {
    write(line: string) {
      out.write(line)
      if (isWarningOrWorse(line)) { warningHeld = true; out.flush() }
    },
    // pino's logger.flush() calls this when the stream has one.
    flush: (done?: (err?: Error) => void) => out.flush(done),
  }
}
