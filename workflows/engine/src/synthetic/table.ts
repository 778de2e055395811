/**
 * Seeded synthetic people as a RecordTable of the default linkage fields the matching tests use (names, sex and
 * address lower-cased as a load stores them, date parts, the names' Soundex), so each test does not build its own.
 */
import { RecordTable } from '../columnar/record-table.js'
import { DEFAULT_COLUMNS } from '../default-strategies.js'
import { soundex } from '../preprocess/soundex.js'
import { syntheticPeople } from './generate.js'

const letters = (v: string) => v.toUpperCase().replace(/[^A-Z]/g, '')

export function syntheticTable(records: number, seed: number): RecordTable {
  const rows = [...syntheticPeople({ records, seed })].map((p) => ({
    givenName: p.givenName.toLowerCase(), surname: p.surname.toLowerCase(), sex: p.sex[0], addressLine: p.addressLine.toLowerCase(),
    postcode: p.postcode, doby: p.dateOfBirth.slice(0, 4), dobm: p.dateOfBirth.slice(4, 6), dobd: p.dateOfBirth.slice(6),
    dateOfBirth: p.dateOfBirth, surnameSoundex: soundex(letters(p.surname)), givenNameSoundex: soundex(letters(p.givenName)),
  }))
  return RecordTable.fromRows(rows, DEFAULT_COLUMNS.filter((c) => c.name in rows[0]!))
}
