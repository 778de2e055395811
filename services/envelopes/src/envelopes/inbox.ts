import { createWriteStream } from 'node:fs'
import { link, mkdir, unlink } from 'node:fs/promises'
import { randomUUID } from 'node:crypto'
import { join, resolve } from 'node:path'
import { pipeline } from 'node:stream/promises'
import type { Readable } from 'node:stream'

export class InboxNameTaken extends Error {}

/**
 * The inbox: uploads stream to `.incoming/<uuid>.part`, then a hard link publishes them as `<name>.zip`
 * (link fails if the name exists, so an upload never overwrites another). Nothing half-written is ever
 * at a final path.
 */
export function createInbox(dataDir: string) {
  const dir = resolve(dataDir, 'inbox')
  const incoming = join(dir, '.incoming')
  const ready = Promise.all([mkdir(incoming, { recursive: true })])

  return {
    dir,
    pathOf: (name: string) => join(dir, `${name}.zip`),
    /** Streams the upload to a part file; returns its path and size. Throws (and removes it) on any failure. */
    async receive(stream: Readable): Promise<{ partPath: string; size: number }> {
      await ready
      const partPath = join(incoming, `${randomUUID()}.part`)
      let size = 0
      stream.on('data', (chunk: Buffer) => { size += chunk.length })
      try {
        await pipeline(stream, createWriteStream(partPath, { flags: 'wx', mode: 0o600 }))
        return { partPath, size }
      } catch (err) {
        await unlink(partPath).catch(() => {})
        throw err
      }
    },
    /** Moves a complete part file to its final name, refusing to replace an existing envelope. */
    async publish(partPath: string, name: string): Promise<string> {
      const finalPath = join(dir, `${name}.zip`)
      try {
        await link(partPath, finalPath)
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'EEXIST') throw new InboxNameTaken(name)
        throw err
      } finally {
        await unlink(partPath).catch(() => {})
      }
      return finalPath
    },
    discard: (path: string) => unlink(path).catch(() => {}),
  }
}
export type Inbox = ReturnType<typeof createInbox>
