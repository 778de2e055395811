import { Kysely, PostgresDialect, WithSchemaPlugin } from 'kysely'
import pg from 'pg'

// Ids are int4 and counts fit in 53 bits: read int8 and numeric as numbers rather than strings.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v))
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v))

export interface DbOptions {
  databaseUrl: string
  /** The service's own Postgres schema; every query is scoped to it. */
  schema: string
  poolSize?: number
}

export function createDb<DB>({ databaseUrl, schema, poolSize = 10 }: DbOptions): Kysely<DB> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize })
  // A dropped connection must not crash the process; the next query reconnects.
  pool.on('error', () => {})
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool }), plugins: [new WithSchemaPlugin(schema)] })
}
