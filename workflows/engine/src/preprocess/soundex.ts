/**
 * American Soundex as used by the US census: first letter kept, then up to three digits. Letters with the
 * same digit next to each other count once, also across H and W (Ashcraft → A261); vowels separate them
 * (Tymczak → T522). The first letter's own digit also suppresses a following same digit (Pfister → P236).
 * Input: letters A–Z only (see `lettersOnly`). Returns '' for an empty input.
 */
const DIGITS = '01230120022455012623010202' // A..Z: 0 = vowel-like (A E I O U Y), 1-6 = consonant groups
const TRANSPARENT_H = 7
const TRANSPARENT_W = 22

export function soundex(letters: string): string {
  if (letters.length === 0) return ''
  let code = letters[0]!
  let last = digitOf(letters.charCodeAt(0) - 65)
  for (let i = 1; i < letters.length && code.length < 4; i++) {
    const index = letters.charCodeAt(i) - 65
    if (index === TRANSPARENT_H || index === TRANSPARENT_W) continue
    const digit = digitOf(index)
    if (digit !== '0' && digit !== last) code += digit
    last = digit
  }
  return code.padEnd(4, '0')
}

function digitOf(index: number): string {
  return index === TRANSPARENT_H || index === TRANSPARENT_W ? '' : (DIGITS[index] ?? '0')
}
