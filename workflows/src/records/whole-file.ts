/**
 * Writes a file whole or not at all: into a temporary file beside it, renamed into place once complete, so a
 * reader never sees half of one and a worker killed mid-write leaves only a `.tmp` file (removeStaleSnapshots).
 */
import { open, rename, rm, type FileHandle } from 'node:fs/promises'

export async function writeWholeFile(path: string, write: (file: FileHandle) => Promise<void>): Promise<void> {
  const temporary = `${path}.${process.pid}.tmp`
  const file = await open(temporary, 'w')
  try {
    await write(file)
    await file.close()
    await rename(temporary, path)
  } catch (err) {
    await file.close().catch(() => undefined)
    await rm(temporary, { force: true })
    throw err
  }
}
