import { createWriteStream } from 'node:fs'
import { mkdir, rename, rm, stat } from 'node:fs/promises'
import { dirname, resolve, sep } from 'node:path'
import { pipeline } from 'node:stream/promises'
import { createInflateRaw } from 'node:zlib'
import type yauzl from 'yauzl'
import { EntryGuard, type InflatedTotal } from './entry-guard.js'
import { EntryNameRegistry, checkEntryName, isPlainEntryType } from './entry-name.js'
import { entryName, openEnvelopeZip, openStoredBytes, type RawEntry } from './open-zip.js'
import { EnvelopeRejected, fromZipReaderError } from './rejection.js'
import { readEntries } from './read-entries.js'
import { DEFAULT_ZIP_LIMITS, RATIO_GRACE_BYTES, type ZipLimits } from './zip-limits.js'

export interface ExtractedFile {
  /** Path inside the envelope, `/`-separated, as the manifest names it. */
  path: string
  bytes: number
}
export interface ExtractedEnvelope {
  folder: string
  files: ExtractedFile[]
  totalBytes: number
}

/**
 * Extracts an envelope into `targetFolder`, which must not exist yet. Everything is written to a sibling
 * `<target>.partial` folder that is renamed into place only when every entry passed every check, so the target
 * either holds the whole envelope or does not exist; a refused envelope leaves nothing behind.
 * Throws `EnvelopeRejected` for anything wrong with the zip, plain errors for local I/O problems.
 */
export async function extractEnvelope(
  zipPath: string,
  targetFolder: string,
  limits: ZipLimits = DEFAULT_ZIP_LIMITS,
): Promise<ExtractedEnvelope> {
  const target = resolve(targetFolder)
  if (await exists(target)) throw new Error(`Extraction folder ${target} already exists.`)
  const partial = `${target}.partial`
  await rm(partial, { recursive: true, force: true }) // left over from a crashed attempt
  await mkdir(partial, { recursive: true })
  try {
    const files = await extractInto(zipPath, partial, limits)
    await rename(partial, target)
    return { folder: target, files, totalBytes: files.reduce((n, f) => n + f.bytes, 0) }
  } catch (e) {
    await rm(partial, { recursive: true, force: true })
    throw e
  }
}

async function extractInto(zipPath: string, folder: string, limits: ZipLimits): Promise<ExtractedFile[]> {
  const zip = await openEnvelopeZip(zipPath)
  try {
    if (zip.entryCount > limits.maxEntries) throw tooManyEntries(limits)
    const registry = new EntryNameRegistry()
    const total: InflatedTotal = { bytes: 0 }
    const files: ExtractedFile[] = []
    let count = 0
    for await (const entry of readEntries(zip)) {
      if (++count > limits.maxEntries) throw tooManyEntries(limits)
      const name = checkEntry(entry, registry)
      const dest = resolve(folder, name.path)
      if (!dest.startsWith(folder + sep)) throw unsafe(`entry "${name.path}" resolves outside the envelope`)
      if (name.isDirectory) {
        await mkdir(dest, { recursive: true })
        continue
      }
      checkDeclaredSizes(entry, name.path, limits, total)
      await mkdir(dirname(dest), { recursive: true })
      const before = total.bytes
      await writeEntry(zip, entry, dest, new EntryGuard({ ...entry, name: name.path }, limits, total), name.path)
      files.push({ path: name.path, bytes: total.bytes - before })
    }
    return files
  } finally {
    zip.close()
  }
}

function checkEntry(entry: RawEntry, registry: EntryNameRegistry) {
  const raw = entryName(entry)
  const name = checkEntryName(raw)
  if (!name.ok) throw unsafe(name.reason)
  if (!isPlainEntryType(entry.versionMadeBy, entry.externalFileAttributes)) {
    throw new EnvelopeRejected('UnsupportedEntryType', `The envelope entry "${name.path}" is a link or special file; only plain files are accepted.`)
  }
  const clash = registry.add(name.key, name.isDirectory)
  if (clash) throw new EnvelopeRejected('DuplicateEntry', `The envelope entry "${name.path}" ${clash}.`)
  if (entry.isEncrypted()) {
    throw new EnvelopeRejected('Encrypted', `The envelope entry "${name.path}" is encrypted; envelopes must not be password-protected.`)
  }
  return name
}

/** Early refusal from the headers; the guard still enforces the same limits on the real bytes. */
function checkDeclaredSizes(entry: RawEntry, name: string, limits: ZipLimits, total: InflatedTotal): void {
  if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) {
    throw new EnvelopeRejected('UnsupportedCompression', `The envelope entry "${name}" uses compression method ${entry.compressionMethod}; only stored and deflate are supported.`)
  }
  const size = entry.uncompressedSize
  if (size > limits.maxEntryBytes) {
    throw new EnvelopeRejected('EntryTooLarge', `The envelope entry "${name}" is larger than the limit of ${limits.maxEntryBytes} bytes.`)
  }
  if (total.bytes + size > limits.maxTotalBytes) {
    throw new EnvelopeRejected('TooLarge', `The envelope's contents are larger than the limit of ${limits.maxTotalBytes} bytes.`)
  }
  if (size > RATIO_GRACE_BYTES && size > limits.maxCompressionRatio * entry.compressedSize) {
    throw new EnvelopeRejected('CompressionRatio', `The envelope entry "${name}" expands more than ${limits.maxCompressionRatio} times its compressed size; it looks like a zip bomb.`)
  }
}

/**
 * Bytes per inflated chunk and per write to disk. yauzl's own inflater (zlib's default, 16 KiB) handed a
 * million-record file of 130 MiB over in about 8,000 chunks, each a round trip to zlib's thread and through
 * every stream after it: 0.69-0.80 s to extract, against 0.40-0.46 s in chunks of 1 MiB.
 */
const CHUNK_BYTES = 1 << 20

async function writeEntry(zip: yauzl.ZipFile, entry: RawEntry, dest: string, guard: EntryGuard, name: string): Promise<void> {
  // The entry's bytes as stored, inflated here (checkDeclaredSizes allows only stored and deflate).
  const source = await openStoredBytes(zip, entry)
  // 'wx': never overwrite and never follow something already at that path.
  const file = createWriteStream(dest, { flags: 'wx', highWaterMark: CHUNK_BYTES })
  try {
    if (entry.compressionMethod === 8) await pipeline(source, createInflateRaw({ chunkSize: CHUNK_BYTES }), guard, file)
    else await pipeline(source, guard, file)
  } catch (e) {
    if (e instanceof EnvelopeRejected) throw e
    const code = (e as NodeJS.ErrnoException).code
    if (typeof code === 'string' && code.startsWith('Z_')) throw fromZipReaderError(`entry "${name}" does not inflate (${(e as Error).message})`)
    if (code === undefined) throw fromZipReaderError((e as Error).message)
    throw e
  }
}

const tooManyEntries = (limits: ZipLimits) =>
  new EnvelopeRejected('TooManyEntries', `The envelope holds more than ${limits.maxEntries} entries.`)
const unsafe = (reason: string) =>
  new EnvelopeRejected('UnsafePath', `The envelope was refused because ${reason}.`)

async function exists(path: string): Promise<boolean> {
  return stat(path).then(() => true, () => false)
}
