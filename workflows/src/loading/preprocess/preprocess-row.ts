import { BLOOM_FIELDS, BLOOM_FILTER_BITS, LINKAGE_FIELDS, LINKAGE_FIELD_MAX_LENGTH, type LinkageFieldName } from '../linkage-fields.js'
import type { InvalidRow, ParsedRow } from '../parse/rows.js'
import { dateParser, isoDate, type DateParser } from '@ligature/engine'
import { blankToNull, lettersOnly, normaliseText } from '@ligature/engine'
import { nysiis } from '@ligature/engine'
import { soundex } from '@ligature/engine'
import { DEFAULT_SEX_MAP, DEFAULT_STATE_MAP, standardiser, strictStandardiser, type Standardiser, type StrictStandardiser, type ValueMap } from '@ligature/engine'

/** The stored shape of a record: default linkage fields (normalised), derived fields and auxiliary values. */
export type PreprocessedRecord = { rowNumber: number } & Record<LinkageFieldName, string | null> & {
  sourceUniqueId: string
  doby: number | null
  dobm: number | null
  dobd: number | null
  surnameSoundex: string | null
  givenNameSoundex: string | null
  surnameNysiis: string | null
  givenNameNysiis: string | null
  givenNameInitial: string | null
  /** Auxiliary columns and any non-default linkage fields, trimmed, blanks left out. */
  aux: Record<string, string>
  /** Linkage fields that held a value which failed its check and were stored blank (usually none). */
  blanked: readonly LinkageFieldName[]
}

export interface PreprocessOptions {
  /** Format of the dateOfBirth column (the import format column's `format`); default `yyyy-MM-dd`. */
  dateFormat?: string | null
  sexMap?: ValueMap
  stateMap?: ValueMap
  /** NYSIIS key length; default unlimited, 6 for the original truncated code. */
  nysiisMaxLength?: number
}

export type RowPreprocessor = (row: ParsedRow) => PreprocessedRecord | InvalidRow

const KNOWN: ReadonlySet<string> = new Set(LINKAGE_FIELDS)
/** Shared by every record with nothing blanked. */
const NONE_BLANKED: readonly LinkageFieldName[] = Object.freeze([])

interface NameCodes {
  text: string | null
  soundex: string | null
  nysiis: string | null
  initial: string | null
}
const NO_NAME: NameCodes = { text: null, soundex: null, nysiis: null, initial: null }

/**
 * Compiles the options once (value maps, date format) and returns the per-row function: trims every
 * value, normalises names (see normalise.ts), standardises sex and state, splits the date of birth and adds
 * the phonetic codes and initial. Nothing is memoised: a memo of names (84 % hits on the synthetic people)
 * cost about what it saved, since every hit hashes a freshly parsed string, and its entries outlived young
 * collections. Without it a 1,000,000-record load on two threads took 6.16–6.29 s against 6.25–6.52 s (node
 * CPU 8.8–9.1 s against 9.1–9.5 s, three rounds alternating).
 *
 * No record is dropped for one bad field: a date of birth that is not a calendar date in the column's format, a
 * sex code the sex map does not list, or a value longer than its column is stored blank (with what derives
 * from it) and named in `blanked`, so the record still links on its other fields. Only a blank or over-long
 * Source Unique ID makes the row invalid: without it the record cannot be identified.
 */
export function rowPreprocessor(options: PreprocessOptions = {}): RowPreprocessor {
  const parseDate: DateParser = dateParser(options.dateFormat ?? undefined)
  const sex: StrictStandardiser = strictStandardiser(options.sexMap ?? DEFAULT_SEX_MAP)
  const state: Standardiser = standardiser(options.stateMap ?? DEFAULT_STATE_MAP)
  const nysiisMax = options.nysiisMaxLength ?? Infinity
  // Surname and given name: the normalised text and all its codes.
  const personName = (raw: string) => {
    const text = normaliseText(raw)
    const letters = lettersOnly(text)
    return letters === ''
      ? { text, soundex: null, nysiis: null, initial: null }
      : { text, soundex: soundex(letters), nysiis: nysiis(letters, nysiisMax), initial: letters[0]! }
  }
  const text = (value: string | undefined, normalise: (v: string) => string): string | null => {
    const v = blankToNull(value)
    return v === null ? null : normalise(v)
  }

  return (row) => {
    const f = row.fields
    const sourceUniqueId = blankToNull(f.sourceUniqueId)
    if (sourceUniqueId === null) return { rowNumber: row.rowNumber, reason: 'sourceUniqueId is empty' }
    if (sourceUniqueId.length > LINKAGE_FIELD_MAX_LENGTH.sourceUniqueId) {
      return { rowNumber: row.rowNumber, reason: `sourceUniqueId is longer than ${LINKAGE_FIELD_MAX_LENGTH.sourceUniqueId} characters` }
    }
    const blanked: LinkageFieldName[] = []
    const sexRaw = blankToNull(f.sex)
    const surnameRaw = blankToNull(f.surname)
    const givenRaw = blankToNull(f.givenName)
    const surname = surnameRaw === null ? NO_NAME : personName(surnameRaw)
    const given = givenRaw === null ? NO_NAME : personName(givenRaw)
    const out: PreprocessedRecord = {
      rowNumber: row.rowNumber,
      sourceUniqueId,
      jurisdictionalLinkageKey: blankToNull(f.jurisdictionalLinkageKey),
      surname: surname.text,
      givenName: given.text,
      middleName: text(f.middleName, normaliseText),
      dateOfBirth: blankToNull(f.dateOfBirth),
      sex: sexRaw === null ? null : sex(sexRaw),
      addressLine: text(f.addressLine, normaliseText),
      suburb: text(f.suburb, normaliseText),
      state: text(f.state, state),
      postcode: text(f.postcode, normaliseText),
      surnameBloom: null, givenNameBloom: null, middleNameBloom: null, dateOfBirthBloom: null, addressLineBloom: null, suburbBloom: null,
      doby: null, dobm: null, dobd: null,
      surnameSoundex: surname.soundex, givenNameSoundex: given.soundex,
      surnameNysiis: surname.nysiis, givenNameNysiis: given.nysiis, givenNameInitial: given.initial,
      aux: {},
      blanked: NONE_BLANKED,
    }
    for (const field of BLOOM_FIELDS) {
      const value = blankToNull(f[field])
      if (value === null) continue
      if (isBloomFilter(value)) out[field] = value
      else blanked.push(field)
    }
    if (sexRaw !== null && out.sex === null) blanked.push('sex')
    if (out.dateOfBirth !== null) {
      const parts = parseDate(out.dateOfBirth)
      if ('error' in parts) {
        out.dateOfBirth = null
        blanked.push('dateOfBirth')
      } else {
        out.dateOfBirth = isoDate(parts)
        out.doby = parts.year
        out.dobm = parts.month
        out.dobd = parts.day
      }
    }
    for (const field of LINKAGE_FIELDS) {
      if (field === 'sourceUniqueId') continue // checked above
      const value = out[field]
      if (value !== null && value.length > LINKAGE_FIELD_MAX_LENGTH[field]) {
        blankOverLong(out, field)
        blanked.push(field)
      }
    }
    for (const key in f) {
      if (KNOWN.has(key)) continue
      const value = blankToNull(f[key])
      if (value !== null) out.aux[key] = value
    }
    for (const key in row.aux) {
      const value = blankToNull(row.aux[key])
      if (value !== null) out.aux[key] = value
    }
    if (blanked.length > 0) out.blanked = blanked
    return out
  }
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/
const FILTER_BYTES = BLOOM_FILTER_BITS / 8

/**
 * A Bloom-encoded value is kept only when it is base64 of exactly one filter of the platform's length: anything
 * else (clear text sent by mistake, a filter of another length) could not be compared, so it is blanked.
 */
export function isBloomFilter(value: string): boolean {
  return value.length % 4 === 0 && BASE64.test(value) && Buffer.from(value, 'base64').length === FILTER_BYTES
}

/** Blanks an over-long field together with the codes derived from it, which would otherwise still match. */
function blankOverLong(out: PreprocessedRecord, field: Exclude<LinkageFieldName, 'sourceUniqueId'>): void {
  out[field] = null
  if (field === 'surname') { out.surnameSoundex = null; out.surnameNysiis = null }
  if (field === 'givenName') { out.givenNameSoundex = null; out.givenNameNysiis = null; out.givenNameInitial = null }
}

/** One-off convenience; compile with `rowPreprocessor` when processing many rows. */
export function preprocessRow(row: ParsedRow, options?: PreprocessOptions): PreprocessedRecord | InvalidRow {
  return rowPreprocessor(options)(row)
}
