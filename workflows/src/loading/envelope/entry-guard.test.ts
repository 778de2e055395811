import { Readable, Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { crc32 } from './crc32.js'
import t from 'tap'
import { EntryGuard, type GuardedEntry, type InflatedTotal } from './entry-guard.js'
import type { ZipLimits } from './zip-limits.js'

const MiB = 1024 * 1024
const limits: ZipLimits = { maxEntries: 10, maxEntryBytes: 8 * MiB, maxTotalBytes: 12 * MiB, maxCompressionRatio: 100 }

/** Streams `chunks` MiB of zeros through a guard, returning the bytes that got through and the error. */
async function run(entry: Partial<GuardedEntry>, chunks: number, total: InflatedTotal = { bytes: 0 }) {
  const chunk = Buffer.alloc(MiB)
  const data = Buffer.alloc(chunks * MiB)
  const full: GuardedEntry = { name: 'x.csv', compressedSize: MiB, uncompressedSize: chunks * MiB, crc32: crc32(data), ...entry }
  let passed = 0
  const sink = new Writable({ write: (c: Buffer, _e, done) => ((passed += c.length), done()) })
  const source = Readable.from(Array.from({ length: chunks }, () => chunk))
  const error = await pipeline(source, new EntryGuard(full, limits, total), sink).then(() => undefined, (e: unknown) => e)
  return { passed, error: error as { code?: string; message: string } | undefined }
}

t.test('passes an honest entry through unchanged', async (t) => {
  const { passed, error } = await run({}, 3)
  t.equal(error, undefined)
  t.equal(passed, 3 * MiB)
})

t.test('stops at the entry limit even when the header claims more is fine', async (t) => {
  const { passed, error } = await run({ uncompressedSize: 64 * MiB }, 20)
  t.equal(error?.code, 'EntryTooLarge')
  t.ok(passed <= limits.maxEntryBytes, 'nothing past the limit reaches the disk')
})

t.test('stops at the total limit shared by all entries', async (t) => {
  const { error } = await run({ uncompressedSize: 6 * MiB }, 6, { bytes: 7 * MiB })
  t.equal(error?.code, 'TooLarge')
})

t.test('stops at the compression ratio while streaming', async (t) => {
  const { passed, error } = await run({ compressedSize: 40 * 1024, uncompressedSize: 64 * MiB }, 20)
  t.equal(error?.code, 'CompressionRatio')
  t.ok(passed <= 100 * 40 * 1024, 'stopped before ratio × compressed size bytes')
})

t.test('refuses an entry shorter than it declares, or with a wrong CRC', async (t) => {
  t.equal((await run({ uncompressedSize: 3 * MiB + 1 }, 3)).error?.code, 'Corrupt')
  const wrongCrc = await run({ crc32: 42 }, 2)
  t.equal(wrongCrc.error?.code, 'Corrupt')
  t.match(wrongCrc.error?.message, /CRC-32/)
})
