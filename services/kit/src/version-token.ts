/** The API's `version`: the row's revision counter as an 8-byte big-endian byte string, base64 encoded. */
export function encodeVersion(revision: number): string {
  const buf = Buffer.alloc(8)
  buf.writeBigUInt64BE(BigInt(revision))
  return buf.toString('base64')
}

export function decodeVersion(token: string | null | undefined): number | null {
  if (token === null || token === undefined) return null
  const buf = Buffer.from(token, 'base64')
  return buf.length === 8 ? Number(buf.readBigUInt64BE()) : -1
}
