/**
 * Text normalisation applied before records are stored, so that the matching engine compares like with like.
 *
 * Choices (documented for the portal's data-preprocessing page):
 * - every value is trimmed (all Unicode white space, including no-break spaces); blank values become null;
 * - names, address line and suburb are upper-cased, lose their accents (NFKD, combining marks removed:
 *   "Zoë" → "ZOE") and have runs of white space collapsed to one space; punctuation such as hyphens and
 *   apostrophes is kept, because removing it is a per-field transform, not automatic preprocessing;
 * - identifiers (sourceUniqueId, jurisdictionalLinkageKey) are only trimmed: their case is significant;
 * - phonetic codes and the initial use the letters A–Z of the normalised name only, so "O'Brien" and
 *   "OBRIEN" code alike.
 */

/** Trimmed value, or null when nothing is left. */
export function blankToNull(value: string | undefined): string | null {
  if (value === undefined) return null
  const trimmed = value.trim()
  return trimmed === '' ? null : trimmed
}

const COMBINING_MARKS = /\p{M}+/gu
const WHITE_SPACE_RUN = /\s+/g
const PLAIN = /^[\x20-\x7e]*$/

/** Upper-case, accent-free, single-spaced text for comparison (input already trimmed). */
export function normaliseText(value: string): string {
  const folded = PLAIN.test(value) ? value : value.normalize('NFKD').replace(COMBINING_MARKS, '')
  return folded.toUpperCase().replace(WHITE_SPACE_RUN, ' ')
}

const NOT_A_TO_Z = /[^A-Z]+/g

/** Only the letters A–Z of normalised text: the input of Soundex, NYSIIS and the initial. */
export function lettersOnly(normalised: string): string {
  return normalised.replace(NOT_A_TO_Z, '')
}
