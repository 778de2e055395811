import type pg from 'pg'

/** Runs `fn` with a pooled connection, always handed back. */
export async function withClient<T>(pool: pg.Pool, fn: (c: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect()
  try { return await fn(client) } finally { client.release() }
}
