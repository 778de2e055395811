/**
 * A zip streamed into a file, and a way to abandon it that leaves no file behind. The file is removed only after
 * its stream has closed: removing it earlier races the stream's own open, which then recreates it, and a write
 * still in flight fails on the destroyed stream with nobody listening.
 */
import { createWriteStream } from 'node:fs'
import { unlink } from 'node:fs/promises'
import type yazl from 'yazl'

export interface ZipOutput {
  /** Settles when the whole zip is on disk (or writing it failed). */
  written: Promise<void>
  /** Stops writing and removes the file, whatever state the write was in. */
  discard(): Promise<void>
}

export function writeZip(zip: yazl.ZipFile, path: string): ZipOutput {
  const file = createWriteStream(path)
  const written = new Promise<void>((resolve, reject) => {
    zip.outputStream.pipe(file).on('close', resolve).on('error', reject)
    zip.outputStream.on('error', reject)
  })
  // A failed write surfaces through `written` when awaited, or is superseded by `discard`; never unhandled.
  written.catch(() => {})
  return {
    written,
    async discard() {
      zip.outputStream.unpipe(file)
      const closed = file.closed ? Promise.resolve() : new Promise<void>((resolve) => file.once('close', () => resolve()))
      file.destroy()
      await closed
      await unlink(path).catch(() => {})
    },
  }
}
