/**
 * Writes lines to `COPY … FROM STDIN` from a generator of text batches (each a run of COPY text lines), so
 * millions of rows stream without one INSERT per batch.
 */
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type pg from 'pg'
import { from as copyFrom } from 'pg-copy-streams'

export async function copyIn(client: pg.ClientBase, statement: string, batches: Iterable<string> | AsyncIterable<string>): Promise<void> {
  await pipeline(Readable.from(batches), client.query(copyFrom(statement)))
}

/** Groups lines into batches of about 64 KiB: one stream chunk each. */
export function* batched(lines: Iterable<string>): Generator<string> {
  let batch = ''
  for (const line of lines) {
    batch += line
    if (batch.length > 1 << 16) { yield batch; batch = '' }
  }
  if (batch) yield batch
}
