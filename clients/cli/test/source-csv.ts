/**
 * A provider's own extract of seeded synthetic people (@ligature/engine's generator), with its own column
 * names and a d/M/yyyy date, so the mapping and date transforms have work to do. Streams with backpressure.
 */
import { createWriteStream } from 'node:fs'
import { once } from 'node:events'
import { syntheticPeople, type SyntheticPerson } from '@ligature/engine'

export const SOURCE_HEADER = ['Person ID', 'First name', 'Middle', 'Family name', 'Gender', 'Birth date', 'Street', 'Town', 'Postcode', 'State']

const cell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v)
const dmy = (yyyymmdd: string) => `${Number(yyyymmdd.slice(6, 8))}/${Number(yyyymmdd.slice(4, 6))}/${yyyymmdd.slice(0, 4)}`

export function sourceLine(p: SyntheticPerson): string {
  return [p.recId, p.givenName, p.middleName, p.surname, p.sex === 'M' ? 'Male' : p.sex === 'F' ? 'Female' : p.sex,
    /^\d{8}$/.test(p.dateOfBirth) ? dmy(p.dateOfBirth) : '', p.addressLine, p.suburb, p.postcode, p.state].map(cell).join(',') + '\n'
}

/** Writes records until `records` rows or `bytes` bytes are reached; returns rows written and entity ids. */
export async function writeSource(path: string, opts: { records?: number; bytes?: number; seed?: number; keepTruth?: boolean }) {
  const out = createWriteStream(path)
  let chunk = SOURCE_HEADER.join(',') + '\n', bytes = 0, rows = 0
  const truth = new Map<string, number>()
  for (const p of syntheticPeople({ records: opts.records ?? Number.MAX_SAFE_INTEGER, seed: opts.seed ?? 7 })) {
    chunk += sourceLine(p)
    rows++
    if (opts.keepTruth) truth.set(p.recId, p.entityId)
    if (chunk.length > 1 << 16) {
      bytes += Buffer.byteLength(chunk)
      if (!out.write(chunk)) await once(out, 'drain')
      chunk = ''
      if (opts.bytes !== undefined && bytes >= opts.bytes) break
    }
  }
  out.end(chunk)
  await once(out, 'close')
  return { rows, truth }
}

/** The mapping file a provider writes for this extract (import column names of test/fixtures and e2e formats). */
export const SOURCE_MAPPING = `version: 1
columns:
  rec_id: Person ID
  given: First name
  family: { source: Family name, clean: [removePunctuation] }
  dob: { source: Birth date, dateFormat: d/M/yyyy }
  sex: Gender
  state: State
`
