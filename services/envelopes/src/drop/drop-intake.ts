import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { pipeline, Transform } from 'node:stream'
import { Errors } from '@ligature/contracts'
import { ApiError, type Principal } from '@ligature/service-kit'
import type { EnvelopeService } from '../envelopes/envelope.service.js'
import { envelopeNameFromFilename } from '../envelopes/envelope-name.js'

/** Dropped files are uploaded by this fixed principal; it sees only what it took in itself. */
export const INBOX_WATCHER: Principal = { tokenId: 'inbox-watcher', name: 'inbox watcher', role: 'custodian', projects: [] }

export type IntakeOutcome = { kind: 'accepted'; name: string } | { kind: 'rejected'; reason: string }

/**
 * Takes in one claimed file exactly as an upload: the same name rule, size limit and `received` event (the
 * envelope service does the storing). Refusals an upload would answer 4xx come back as a reason; anything
 * else (the database is down, the disk is full) throws, so the file can be tried again later.
 */
export async function takeInDroppedFile(envelopes: EnvelopeService, maxBytes: number, path: string, filename: string): Promise<IntakeOutcome> {
  const name = envelopeNameFromFilename(filename)
  if (!name) return { kind: 'rejected', reason: 'The filename must be 1-200 letters, digits, ".", "_" or "-" (not starting with "."), ending in .zip.' }
  if ((await stat(path)).size > maxBytes) return { kind: 'rejected', reason: Errors.envelopeTooLarge.message }
  // Read at most one byte past the limit: a file that grew after it was claimed is refused, not stored cut.
  // The count sits in the pipe (not a 'data' listener, which would start the flow before anyone reads).
  let read = 0
  const counter = new Transform({ transform(chunk: Buffer, _enc, done) { read += chunk.length; done(null, chunk) } })
  const stream = pipeline(createReadStream(path, { end: maxBytes }), counter, () => {})
  try {
    await envelopes.receive(INBOX_WATCHER, name, filename, stream, () => read > maxBytes)
    return { kind: 'accepted', name }
  } catch (err) {
    if (err instanceof ApiError && err.status < 500) return { kind: 'rejected', reason: err.message }
    throw err
  } finally {
    stream.destroy()
  }
}

/** The watcher's own earlier take-in of this file, if it completed (used when recovering claimed files). */
export async function alreadyTakenIn(envelopes: EnvelopeService, filename: string, size: number): Promise<boolean> {
  const name = envelopeNameFromFilename(filename)
  if (!name) return false
  const row = await envelopes.get(INBOX_WATCHER, name).catch(() => undefined)
  return row !== undefined && row.uploaded_by === INBOX_WATCHER.tokenId && Number(row.size_bytes) === size
}
