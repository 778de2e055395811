import { open as openFile, stat } from 'node:fs/promises'
import type { Readable } from 'node:stream'
import yauzl from 'yauzl'
import { EnvelopeRejected, fromZipReaderError } from './rejection.js'

/** Entry fields yauzl 3 provides when `decodeStrings` is off (the bundled typings describe yauzl 2). */
export interface RawEntry extends yauzl.Entry {
  fileNameRaw: Buffer
}

/** yauzl 3 exports this helper; it decodes a name from CP437 or UTF-8 and honours the Unicode path field. */
const getFileNameLowLevel = (yauzl as unknown as {
  getFileNameLowLevel: (flags: number, raw: Buffer, extra: RawEntry['extraFields'], strict: boolean) => string
}).getFileNameLowLevel

export function entryName(entry: RawEntry): string {
  return getFileNameLowLevel(entry.generalPurposeBitFlag, entry.fileNameRaw, entry.extraFields, true)
}

const LOCAL_HEADER = 0x04034b50
const EMPTY_ARCHIVE = 0x06054b50

/** True when the file starts like a zip, so a failed open means "cut off" rather than "not a zip". */
async function startsLikeZip(path: string): Promise<boolean> {
  const handle = await openFile(path, 'r')
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(4), 0, 4, 0)
    if (bytesRead < 4) return false
    const sig = buffer.readUInt32LE(0)
    return sig === LOCAL_HEADER || sig === EMPTY_ARCHIVE
  } finally {
    await handle.close()
  }
}

/**
 * Opens an envelope for lazy, one-entry-at-a-time reading. Names are left undecoded so that our own checks
 * (entry-name.ts), not yauzl's, decide and explain why a name is refused; sizes are checked while streaming
 * (entry-guard.ts).
 */
export async function openEnvelopeZip(path: string): Promise<yauzl.ZipFile> {
  const info = await stat(path)
  if (info.size === 0) throw new EnvelopeRejected('EmptyFile', 'The envelope file is empty (0 bytes).')
  try {
    return await new Promise<yauzl.ZipFile>((resolve, reject) => {
      yauzl.open(
        path,
        { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: false, strictFileNames: true },
        (err, zip) => (err ? reject(err) : resolve(zip)),
      )
    })
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e)
    if (/end of central directory record signature not found/i.test(message)) {
      if (await startsLikeZip(path)) {
        throw new EnvelopeRejected('Truncated', 'The envelope zip file is incomplete: its end is missing (was the upload cut off?).')
      }
      throw new EnvelopeRejected('NotAZip', 'The envelope is not a zip file.')
    }
    throw fromZipReaderError(message)
  }
}

/** yauzl 3's option for an entry's bytes as stored, neither decrypted nor inflated (the bundled typings predate it). */
type StoredBytesOpener = (entry: yauzl.Entry, options: { decodeFileData: false }, callback: (err: Error | null, stream: Readable) => void) => void

/** An entry's bytes as they lie in the zip: the caller inflates them, with the chunk size it chooses. */
export function openStoredBytes(zip: yauzl.ZipFile, entry: RawEntry): Promise<Readable> {
  const open = zip.openReadStream.bind(zip) as unknown as StoredBytesOpener
  return new Promise<Readable>((ok, fail) =>
    open(entry, { decodeFileData: false }, (err, stream) => (err ? fail(fromZipReaderError(err.message)) : ok(stream))))
}
