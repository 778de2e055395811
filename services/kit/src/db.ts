import { Kysely, PostgresDialect, WithSchemaPlugin } from 'kysely'
import pg from 'pg'
import { timestamptzReader } from './timestamptz.js'

// Ids are int4 and counts fit in 53 bits: read int8 and numeric as numbers rather than strings.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v))
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v))
// Timestamps: the same Dates as pg's reader, read without its regular expressions (pg's took 4 % of the
// registry's CPU on a list call).
const pgTimestamptz = pg.types.getTypeParser(pg.types.builtins.TIMESTAMPTZ) as (text: string) => unknown
pg.types.setTypeParser(pg.types.builtins.TIMESTAMPTZ, timestamptzReader(pgTimestamptz))

export interface DbOptions {
  databaseUrl: string
  /** The service's own Postgres schema; every query is scoped to it. */
  schema: string
  poolSize?: number
}

/**
 * A lost server connection must not crash the process; the next query reconnects. The pool listens on its idle
 * connections only: a connection in use (a query running, a transaction between two statements) emits its
 * error on the client, and an `error` event nobody listens to kills Node. The query that used it fails (and is
 * retried by its caller), and the pool drops the broken connection when it comes back.
 */
export function surviveLostConnections(pool: pg.Pool): pg.Pool {
  pool.on('error', () => {})
  pool.on('connect', (client) => { client.on('error', () => {}) })
  return pool
}

export function createDb<DB>({ databaseUrl, schema, poolSize = 10 }: DbOptions): Kysely<DB> {
  const pool = surviveLostConnections(new pg.Pool({ connectionString: databaseUrl, max: poolSize }))
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool }), plugins: [new WithSchemaPlugin(schema)] })
}
