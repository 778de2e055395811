import { createWriteStream } from 'node:fs'
import { pipeline } from 'node:stream/promises'
import pg from 'pg'
import { to as copyTo } from 'pg-copy-streams'
import { quoteIdent } from '../records/record-schema.js'

/** `table` or `schema.table`, each part quoted, so a setting can never inject SQL. */
export function qualifiedTable(name: string): string {
  const parts = name.split('.')
  if (parts.length > 2 || parts.some((p) => p.trim() === '')) throw new Error(`"${name}" is not a table or view name.`)
  return parts.map((p) => quoteIdent(p.trim())).join('.')
}

/**
 * Exports a table or view of a PostgreSQL data source to CSV with a header row, streamed, in one read-only
 * snapshot; the loader then reads it like any delimited file (columns by name or by ordinal).
 */
export async function exportPostgresSource(connectionString: string, table: string, target: string): Promise<void> {
  const client = new pg.Client({ connectionString })
  await client.connect()
  try {
    await client.query('begin transaction isolation level repeatable read read only')
    const source = client.query(copyTo(`copy (select * from ${qualifiedTable(table)}) to stdout with (format csv, header true)`))
    await pipeline(source, createWriteStream(target, { flags: 'wx' }))
    await client.query('commit')
  } finally {
    await client.end()
  }
}
