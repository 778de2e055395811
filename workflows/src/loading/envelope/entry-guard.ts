import { Transform, type TransformCallback } from 'node:stream'
import { crc32 } from './crc32.js'
import { EnvelopeRejected, corrupt } from './rejection.js'
import { RATIO_GRACE_BYTES, type ZipLimits } from './zip-limits.js'

/** Shared running total of inflated bytes across all entries of one envelope. */
export interface InflatedTotal {
  bytes: number
}

export interface GuardedEntry {
  name: string
  compressedSize: number
  uncompressedSize: number
  crc32: number
}

/**
 * Sits between the inflater and the file on disk. It counts the bytes that really come out (headers can lie),
 * stops the stream as soon as a limit is passed, and checks the declared size and CRC-32 at the end.
 */
export class EntryGuard extends Transform {
  private bytes = 0
  private crc = 0

  constructor(
    private readonly entry: GuardedEntry,
    private readonly limits: ZipLimits,
    private readonly total: InflatedTotal,
  ) {
    super()
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length
    this.total.bytes += chunk.length
    const problem = this.limitProblem()
    if (problem) return done(problem)
    this.crc = crc32(chunk, this.crc)
    done(null, chunk)
  }

  override _flush(done: TransformCallback): void {
    const { name, uncompressedSize } = this.entry
    if (this.bytes !== uncompressedSize) {
      return done(corrupt(`entry "${name}" declares ${uncompressedSize} bytes but holds ${this.bytes}`))
    }
    if (this.crc >>> 0 !== this.entry.crc32 >>> 0) return done(corrupt(`entry "${name}" fails its CRC-32 check`))
    done()
  }

  private limitProblem(): EnvelopeRejected | undefined {
    const { name, compressedSize, uncompressedSize } = this.entry
    const { maxEntryBytes, maxTotalBytes, maxCompressionRatio } = this.limits
    if (this.bytes > maxEntryBytes) {
      return new EnvelopeRejected('EntryTooLarge', `The envelope entry "${name}" is larger than the limit of ${maxEntryBytes} bytes.`)
    }
    if (this.total.bytes > maxTotalBytes) {
      return new EnvelopeRejected('TooLarge', `The envelope's contents are larger than the limit of ${maxTotalBytes} bytes.`)
    }
    if (this.bytes > RATIO_GRACE_BYTES && this.bytes > maxCompressionRatio * compressedSize) {
      return new EnvelopeRejected(
        'CompressionRatio',
        `The envelope entry "${name}" expands more than ${maxCompressionRatio} times its compressed size; it looks like a zip bomb.`,
      )
    }
    // A stream that runs past its declared size is lying about itself; stop it rather than trust the header.
    if (this.bytes > uncompressedSize) {
      return corrupt(`entry "${name}" holds more bytes than the ${uncompressedSize} it declares`)
    }
    return undefined
  }
}
