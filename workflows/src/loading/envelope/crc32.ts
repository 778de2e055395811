import * as zlib from 'node:zlib'

/**
 * CRC-32 (IEEE), incrementally: `crc32(next, crc32(first))`. Node has it built in from 20.15 / 22.2; the
 * table-driven fallback keeps older Node 20 releases (the engines field allows 20.3+) working.
 */
export function jsCrc32(data: Uint8Array, value = 0): number {
  const table = (TABLE ??= makeTable())
  let crc = ~value >>> 0
  for (let i = 0; i < data.length; i++) crc = table[(crc ^ data[i]!) & 0xff]! ^ (crc >>> 8)
  return ~crc >>> 0
}

let TABLE: Uint32Array | undefined
function makeTable(): Uint32Array {
  const table = new Uint32Array(256)
  for (let n = 0; n < 256; n++) {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    table[n] = c >>> 0
  }
  return table
}

const native = (zlib as { crc32?: (data: Uint8Array, value?: number) => number }).crc32
export const crc32: (data: Uint8Array, value?: number) => number = native ?? jsCrc32
