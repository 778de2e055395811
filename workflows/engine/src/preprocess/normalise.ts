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
  // Most values are printable ASCII with no run of spaces: nothing to fold or collapse, and when they hold no
  // lower-case letter either, nothing to change. Checked in one pass, where the regular expressions took three.
  let lower = false
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i)
    if (c < 0x20 || c > 0x7e || (c === 0x20 && i > 0 && value.charCodeAt(i - 1) === 0x20)) return foldText(value)
    if (c >= 0x61 && c <= 0x7a) lower = true
  }
  return lower ? value.toUpperCase() : value
}

function foldText(value: string): string {
  const folded = PLAIN.test(value) ? value : value.normalize('NFKD').replace(COMBINING_MARKS, '')
  return folded.toUpperCase().replace(WHITE_SPACE_RUN, ' ')
}

const NOT_A_TO_Z = /[^A-Z]+/g

/** Only the letters A–Z of normalised text: the input of Soundex, NYSIIS and the initial. */
export function lettersOnly(normalised: string): string {
  // Usually every character is one (a name without space, hyphen or apostrophe): the string itself.
  for (let i = 0; i < normalised.length; i++) {
    const c = normalised.charCodeAt(i)
    if (c < 0x41 || c > 0x5a) return normalised.replace(NOT_A_TO_Z, '')
  }
  return normalised
}
