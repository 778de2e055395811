import { createWriteStream } from 'node:fs'
import { mkdir, rm } from 'node:fs/promises'
import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import { pipeline } from 'node:stream/promises'
import { removeStaleFiles } from '../../stale-files.js'
import { DEFAULT_MAX_DATA_BYTES, openDataBytes } from '../parse/open-text.js'

const SUFFIX = '.inflated'

/**
 * Gunzips a data file into a new hidden file in `folder`, a folder of the worker's own (never the data file's,
 * which may be a data source's), so that it can be parsed in ranges (gzip has no random access); returns the new
 * file's path, which the caller removes. The bytes come through openDataBytes, so a broken gzip stream or one past
 * `maxBytes` fails with the same rejection the one-thread path gives, and nothing is left behind then. Copies a
 * day old, left by a worker killed mid-load, are removed first.
 */
export async function inflateCopy(folder: string, path: string, maxBytes = DEFAULT_MAX_DATA_BYTES): Promise<string> {
  await mkdir(folder, { recursive: true })
  await removeStaleFiles(folder, (name) => name.startsWith('.') && name.endsWith(SUFFIX))
  const target = join(folder, `.${randomUUID()}${SUFFIX}`)
  try {
    await pipeline(openDataBytes(path, maxBytes), createWriteStream(target, { flags: 'wx', mode: 0o600, highWaterMark: 1 << 20 }))
    return target
  } catch (err) {
    await rm(target, { force: true })
    throw err
  }
}
