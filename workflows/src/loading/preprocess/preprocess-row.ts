import { LINKAGE_FIELDS, LINKAGE_FIELD_MAX_LENGTH, type LinkageFieldName } from '../linkage-fields.js'
import type { InvalidRow, ParsedRow } from '../parse/rows.js'
import { dateParser, isoDate, type DateParser } from '@ligature/engine'
import { memoise } from '@ligature/engine'
import { blankToNull, lettersOnly, normaliseText } from '@ligature/engine'
import { nysiis } from '@ligature/engine'
import { soundex } from '@ligature/engine'
import { DEFAULT_SEX_MAP, DEFAULT_STATE_MAP, standardiser, type Standardiser, type ValueMap } from '@ligature/engine'

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
}

export interface PreprocessOptions {
  /** Format of the dateOfBirth column (the import format column's `format`); default `yyyy-MM-dd`. */
  dateFormat?: string | null
  sexMap?: ValueMap
  stateMap?: ValueMap
  /** `reject` (default): a date that does not parse makes the row invalid; `blank`: store no date. */
  invalidDate?: 'reject' | 'blank'
  /** NYSIIS key length; default unlimited, 6 for the original truncated code. */
  nysiisMaxLength?: number
}

export type RowPreprocessor = (row: ParsedRow) => PreprocessedRecord | InvalidRow

const KNOWN: ReadonlySet<string> = new Set(LINKAGE_FIELDS)

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
 * the phonetic codes and initial. A row becomes invalid when a value is longer than its column or the date
 * cannot be read (unless `invalidDate` is `blank`). Name work is memoised: names repeat across records.
 */
export function rowPreprocessor(options: PreprocessOptions = {}): RowPreprocessor {
  const parseDate: DateParser = dateParser(options.dateFormat ?? undefined)
  const sex: Standardiser = standardiser(options.sexMap ?? DEFAULT_SEX_MAP)
  const state: Standardiser = standardiser(options.stateMap ?? DEFAULT_STATE_MAP)
  const rejectDates = (options.invalidDate ?? 'reject') === 'reject'
  const nysiisMax = options.nysiisMaxLength ?? Infinity
  const name = memoise(normaliseText)
  // Surname and given name: one lookup yields the normalised text and all its codes.
  const personName = memoise((raw) => {
    const text = normaliseText(raw)
    const letters = lettersOnly(text)
    return letters === ''
      ? { text, soundex: null, nysiis: null, initial: null }
      : { text, soundex: soundex(letters), nysiis: nysiis(letters, nysiisMax), initial: letters[0]! }
  })
  const text = (value: string | undefined, normalise: (v: string) => string): string | null => {
    const v = blankToNull(value)
    return v === null ? null : normalise(v)
  }

  return (row) => {
    const f = row.fields
    const sourceUniqueId = blankToNull(f.sourceUniqueId)
    if (sourceUniqueId === null) return { rowNumber: row.rowNumber, reason: 'sourceUniqueId is empty' }
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
      middleName: text(f.middleName, name),
      dateOfBirth: blankToNull(f.dateOfBirth),
      sex: text(f.sex, sex),
      addressLine: text(f.addressLine, normaliseText),
      suburb: text(f.suburb, name),
      state: text(f.state, state),
      postcode: text(f.postcode, normaliseText),
      doby: null, dobm: null, dobd: null,
      surnameSoundex: surname.soundex, givenNameSoundex: given.soundex,
      surnameNysiis: surname.nysiis, givenNameNysiis: given.nysiis, givenNameInitial: given.initial,
      aux: {},
    }
    if (out.dateOfBirth !== null) {
      const parts = parseDate(out.dateOfBirth)
      if ('error' in parts) {
        if (rejectDates) return { rowNumber: row.rowNumber, reason: `dateOfBirth ${parts.error}` }
        out.dateOfBirth = null
      } else {
        out.dateOfBirth = isoDate(parts)
        out.doby = parts.year
        out.dobm = parts.month
        out.dobd = parts.day
      }
    }
    for (const field of LINKAGE_FIELDS) {
      const value = out[field]
      if (value !== null && value.length > LINKAGE_FIELD_MAX_LENGTH[field]) {
        return { rowNumber: row.rowNumber, reason: `${field} is longer than ${LINKAGE_FIELD_MAX_LENGTH[field]} characters` }
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
    return out
  }
}

/** One-off convenience; compile with `rowPreprocessor` when processing many rows. */
export function preprocessRow(row: ParsedRow, options?: PreprocessOptions): PreprocessedRecord | InvalidRow {
  return rowPreprocessor(options)(row)
}
