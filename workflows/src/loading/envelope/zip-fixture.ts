import { deflateRawSync } from 'node:zlib'
import { crc32 } from './crc32.js'

/**
 * A minimal zip writer for tests. Unlike real zip libraries it will happily write what they refuse to:
 * hostile names, lying sizes, wrong CRCs, encryption flags and Unix symlink modes.
 */
export interface FixtureEntry {
  name: string
  data?: Buffer | string
  /** 0 stored, 8 deflate (default). */
  method?: number
  /** Overrides the uncompressed size written in both headers. */
  declaredSize?: number
  crc?: number
  /** General-purpose flags; bit 0 marks encryption, bit 11 UTF-8 names (always set). */
  flags?: number
  /** Unix mode (e.g. 0o120777 for a symlink); sets "made on Unix" in the central directory. */
  unixMode?: number
}

export function buildZip(entries: FixtureEntry[]): Buffer {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8')
    const raw = typeof e.data === 'string' ? Buffer.from(e.data) : (e.data ?? Buffer.alloc(0))
    const method = e.method ?? 8
    const body = method === 8 ? deflateRawSync(raw) : raw
    const crc = e.crc ?? crc32(raw)
    const size = e.declaredSize ?? raw.length
    const flags = 0x800 | (e.flags ?? 0)

    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(flags, 6)
    local.writeUInt16LE(method, 8)
    local.writeUInt32LE(crc >>> 0, 14)
    local.writeUInt32LE(body.length, 18)
    local.writeUInt32LE(size, 22)
    local.writeUInt16LE(name.length, 26)
    locals.push(local, name, body)

    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(e.unixMode === undefined ? 20 : (3 << 8) | 20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt16LE(flags, 8)
    central.writeUInt16LE(method, 10)
    central.writeUInt32LE(crc >>> 0, 16)
    central.writeUInt32LE(body.length, 20)
    central.writeUInt32LE(size, 24)
    central.writeUInt16LE(name.length, 28)
    central.writeUInt32LE(e.unixMode === undefined ? 0 : (e.unixMode << 16) >>> 0, 38)
    central.writeUInt32LE(offset, 42)
    centrals.push(central, name)
    offset += local.length + name.length + body.length
  }
  const cd = Buffer.concat(centrals)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(entries.length, 8)
  end.writeUInt16LE(entries.length, 10)
  end.writeUInt32LE(cd.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, cd, end])
}
