import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, open, rename, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'

const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/

/**
 * Result files on the results volume. Names are generated here, never taken from a caller, and checked
 * again on every use, so nothing reads or writes outside the folder. Writes stream to a temporary file, are
 * flushed to disk and then renamed: a reader sees a whole file or none.
 */
export function createResultStore(dir: string) {
  const pathOf = (fileName: string) => {
    if (!SAFE_NAME.test(fileName)) throw new Error('unsafe result file name')
    return join(dir, fileName)
  }
  return {
    async write(fileName: string, body: Readable): Promise<{ sizeBytes: number }> {
      await mkdir(dir, { recursive: true })
      const final = pathOf(fileName)
      const temp = pathOf(`incoming-${randomBytes(8).toString('hex')}.part`)
      try {
        await pipeline(body, createWriteStream(temp, { flags: 'wx', mode: 0o600 }))
        const handle = await open(temp, 'r+')
        try { await handle.sync() } finally { await handle.close() }
        await rename(temp, final)
      } catch (err) {
        await rm(temp, { force: true })
        throw err
      }
      return { sizeBytes: (await stat(final)).size }
    },
    read: (fileName: string) => createReadStream(pathOf(fileName)),
    async exists(fileName: string) {
      return stat(pathOf(fileName)).then(() => true, () => false)
    },
    remove: (fileName: string) => rm(pathOf(fileName), { force: true }),
  }
}
export type ResultStore = ReturnType<typeof createResultStore>
