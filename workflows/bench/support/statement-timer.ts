/**
 * Times the statements a profiled function runs on `client`: wraps its `query` and keeps a line for each
 * statement that took over `minMs` (seconds and the statement's first 70 characters), for the caller to print
 * after each round with `drain()`. A COPY stream returns at once and is not timed here.
 */
import type pg from 'pg'

type Query = (...args: unknown[]) => unknown

export function timeStatements(client: pg.ClientBase, minMs = 50): { drain: () => string[] } {
  const lines: string[] = []
  const untimed = client.query.bind(client) as Query
  ;(client as unknown as { query: Query }).query = (...args: unknown[]) => {
    const started = performance.now()
    const result = untimed(...args)
    if (typeof args[0] !== 'string' || !(result instanceof Promise)) return result
    return result.then((r: unknown) => {
      const ms = performance.now() - started
      if (ms > minMs) lines.push(`    ${(ms / 1000).toFixed(2)} s  ${(args[0] as string).replace(/\s+/g, ' ').slice(0, 70)}`)
      return r
    })
  }
  return { drain: () => lines.splice(0) }
}
