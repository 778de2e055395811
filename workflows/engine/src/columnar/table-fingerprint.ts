/**
 * A cheap fingerprint of the table a block partition decoded: record count plus a 64-bit hash (two 32-bit
 * lanes) over every record's database id, incoming flag and the value hashes of the given fields, in record
 * order. Each partition plans its blocks from its own copy of the project's records (partition-plan.ts), so
 * the partitions of one linkage must have decoded the same table; comparing fingerprints before grouping
 * turns a silent mis-assignment (pairs missed or made twice) into a failed linkage. Values enter by their
 * hash (Column.valueHashes), not their dictionary code, which depends on read order.
 */
import type { RecordTable } from './record-table.js'

const fingerprints = new WeakMap<RecordTable, Map<string, string>>()

/** `ids[i]` is record i's database id. Kept per table and field list: partitions on one worker share it. */
export function tableFingerprint(table: RecordTable, ids: Float64Array, fields: readonly string[]): string {
  if (ids.length !== table.size) throw new Error('one id per record')
  const key = fields.join('|')
  let byFields = fingerprints.get(table)
  if (!byFields) { byFields = new Map(); fingerprints.set(table, byFields) }
  let fingerprint = byFields.get(key)
  if (fingerprint === undefined) { fingerprint = compute(table, ids, fields); byFields.set(key, fingerprint) }
  return fingerprint
}

function compute(table: RecordTable, ids: Float64Array, fields: readonly string[]): string {
  const words = new Uint32Array(ids.buffer, ids.byteOffset, ids.length * 2)
  const columns = fields.map(f => table.column(f)).map(c => ({ codes: c.codes, hashes: c.valueHashes }))
  const isNew = table.isNew
  let a = 0x2545f491, b = 0x9e3779b9
  const mix = (x: number) => {
    a = Math.imul(a ^ x, 0x5bd1e995); a ^= a >>> 15
    b = Math.imul(b ^ x, 0x85ebca6b); b = (b << 13) | (b >>> 19)
  }
  for (let i = 0; i < table.size; i++) {
    mix(words[2 * i]!); mix(words[2 * i + 1]!)
    mix(isNew ? isNew[i]! : 1)
    for (const { codes, hashes } of columns) mix(hashes[codes[i]!]!)
  }
  const hex = (x: number) => (x >>> 0).toString(16).padStart(8, '0')
  return `${table.size}:${hex(a)}${hex(b)}`
}
