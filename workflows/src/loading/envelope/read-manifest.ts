import { open } from 'node:fs/promises'
import { join } from 'node:path'
import { MANIFEST_FILE_NAME, parseManifest, type Manifest } from './manifest.js'
import { EnvelopeRejected } from './rejection.js'
import type { ExtractedEnvelope } from './extract-zip.js'

/** A manifest names a handful of files; anything near this size is not a manifest. */
export const MAX_MANIFEST_BYTES = 1024 * 1024

/**
 * Reads and checks manifest.xml of an extracted envelope. Throws `EnvelopeRejected` with code
 * `InvalidManifest`; its message lists every problem so the notification says exactly what is wrong.
 */
export async function readEnvelopeManifest(envelope: ExtractedEnvelope): Promise<Manifest> {
  const paths = envelope.files.map((f) => f.path)
  if (!paths.includes(MANIFEST_FILE_NAME)) {
    throw invalid([`${MANIFEST_FILE_NAME} is missing from the envelope (it must be at the top level of the zip).`])
  }
  const xml = await readLimited(join(envelope.folder, MANIFEST_FILE_NAME), MAX_MANIFEST_BYTES)
  if (xml === undefined) throw invalid([`${MANIFEST_FILE_NAME} is larger than ${MAX_MANIFEST_BYTES} bytes.`])
  const result = parseManifest(xml, paths)
  if (!result.ok) throw invalid(result.problems)
  return result.manifest
}

function invalid(problems: string[]): EnvelopeRejected {
  return new EnvelopeRejected('InvalidManifest', `The envelope's manifest is not valid: ${problems.join(' ')}`, problems)
}

async function readLimited(path: string, limit: number): Promise<string | undefined> {
  const handle = await open(path, 'r')
  try {
    const buffer = Buffer.alloc(limit + 1)
    const { bytesRead } = await handle.read(buffer, 0, limit + 1, 0)
    return bytesRead > limit ? undefined : buffer.subarray(0, bytesRead).toString('utf8')
  } finally {
    await handle.close()
  }
}
