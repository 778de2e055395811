const scratch = Buffer.alloc(8)

/** The API's `version`: the row's revision counter as an 8-byte big-endian byte string, base64 encoded. */
export function encodeVersion(revision: number): string {
  // Revisions are int4, so the high word is zero: two 32-bit writes into one reused buffer, instead of a new
  // buffer and a BigInt for every row of every list.
  if (Number.isInteger(revision) && revision >= 0 && revision <= 0xffffffff) {
    scratch.writeUInt32BE(0, 0)
    scratch.writeUInt32BE(revision, 4)
    return scratch.toString('base64')
  }
  const buf = Buffer.alloc(8)
  buf.writeBigUInt64BE(BigInt(revision))
  return buf.toString('base64')
}

const REVISION_MAX = 2147483647n

/**
 * The revision a `version` names. Tokens no row can have (wrong length, or past the integer revision
 * column's range) become -1, which is always stale: a 409, never a database error.
 */
export function decodeVersion(token: string | null | undefined): number | null {
  if (token === null || token === undefined) return null
  const buf = Buffer.from(token, 'base64')
  if (buf.length !== 8) return -1
  const revision = buf.readBigUInt64BE()
  return revision > REVISION_MAX ? -1 : Number(revision)
}
