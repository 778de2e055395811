/**
 * Date comparison on (year, month, day). Similarity: 1 when equal; within `toleranceDays` it falls
 * linearly, 1 − diff/(toleranceDays+1), so it stays above 0; a day/month swap (same year) scores
 * SWAP_SIMILARITY, and so does a date whose yyyyMMdd digits differ in at most `digitTypos` places (a typed digit:
 * 1975-03-12 vs 1976-03-12 or 1975-03-13). Anything else is 0. Without a weight curve any similarity above 0 agrees.
 */
export interface DateParts { year: number; month: number; day: number }
export interface DateOptions { toleranceDays?: number; allowDayMonthSwap?: boolean; digitTypos?: number }

export const SWAP_SIMILARITY = 0.5

/** Days since 1970-01-01 of a proleptic Gregorian date (Hinnant's days_from_civil). */
export function dayNumber(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year
  const era = Math.floor(y / 400)
  const yoe = y - era * 400
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy
  return era * 146097 + doe - 719468
}

const ISO = /^(\d{4})-?(\d{2})-?(\d{2})$/
const DMY = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/

/** Parses `yyyy-MM-dd`, `yyyyMMdd` or `dd/MM/yyyy`; null when malformed or not a calendar date. */
export function parseDate(text: string): DateParts | null {
  let year: number, month: number, day: number
  const iso = ISO.exec(text)
  if (iso) { year = +iso[1]!; month = +iso[2]!; day = +iso[3]! } else {
    const dmy = DMY.exec(text)
    if (!dmy) return null
    day = +dmy[1]!; month = +dmy[2]!; year = +dmy[3]!
  }
  if (month < 1 || month > 12 || day < 1 || day > 31) return null
  const back = dayNumber(year, month, day)
  // Reject 31 April and friends: the day number of the next month's first day must lie beyond it.
  const nextMonthStart = month === 12 ? dayNumber(year + 1, 1, 1) : dayNumber(year, month + 1, 1)
  if (back >= nextMonthStart) return null
  return { year, month, day }
}

export function dateSimilarity(a: DateParts, b: DateParts, options: DateOptions = {}): number {
  return dateSimilarityOfParts(a.year, a.month, a.day, b.year, b.month, b.day,
    options.toleranceDays ?? 0, options.allowDayMonthSwap ?? false, options.digitTypos ?? 0)
}

/** How many of the last `digits` decimal digits of two non-negative numbers differ. */
function differingDigits(a: number, b: number, digits: number): number {
  let n = 0
  for (let k = 0; k < digits; k++) { if (a % 10 !== b % 10) n++; a = Math.floor(a / 10); b = Math.floor(b / 10) }
  return n
}

/**
 * How many of the eight digits of yyyyMMdd differ between two dates. Called for most candidate pairs whose
 * dates differ, so it allocates nothing (a table of the three parts cost 2 s of a 20 s match at 1,000,000).
 */
export function dateDigitDifferences(y1: number, m1: number, d1: number, y2: number, m2: number, d2: number): number {
  return differingDigits(y1, y2, 4) + differingDigits(m1, m2, 2) + differingDigits(d1, d2, 2)
}

/**
 * yyyyMMdd as eight 4-bit digits (binary-coded decimal) in one 32-bit integer, so the digits two dates differ in
 * are the non-zero nibbles of their XOR (packedDigitDifferences). Parsed years have four digits.
 */
export function packedDateDigits(year: number, month: number, day: number): number {
  let packed = 0
  for (const digit of `${year}`.padStart(4, '0') + `${month}`.padStart(2, '0') + `${day}`.padStart(2, '0')) packed = (packed << 4) | Number(digit)
  return packed
}

/** dateDigitDifferences of two packedDateDigits values, without dividing: scoring calls it per candidate pair. */
export function packedDigitDifferences(a: number, b: number): number {
  const x = a ^ b
  // One bit per differing digit (the lowest of its nibble), then a population count of those eight bits.
  let bits = (x | (x >>> 1) | (x >>> 2) | (x >>> 3)) & 0x11111111
  bits = (bits + (bits >>> 4)) & 0x0f0f0f0f
  return Math.imul(bits, 0x01010101) >>> 24
}

/** The allocation-free form the scorer calls with columns of parsed parts. */
export function dateSimilarityOfParts(y1: number, m1: number, d1: number, y2: number, m2: number, d2: number,
  toleranceDays: number, allowDayMonthSwap: boolean, digitTypos = 0): number {
  if (y1 === y2 && m1 === m2 && d1 === d2) return 1
  if (toleranceDays > 0) {
    const diff = Math.abs(dayNumber(y1, m1, d1) - dayNumber(y2, m2, d2))
    if (diff <= toleranceDays) return 1 - diff / (toleranceDays + 1)
  }
  if (allowDayMonthSwap && y1 === y2 && m1 === d2 && d1 === m2) return SWAP_SIMILARITY
  if (digitTypos > 0 && dateDigitDifferences(y1, m1, d1, y2, m2, d2) <= digitTypos) return SWAP_SIMILARITY
  return 0
}
