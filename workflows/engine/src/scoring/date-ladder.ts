/**
 * The level of a ladder of Date comparisons, read straight from two codes: what LevelTests.level gives for the
 * same ladder (levelled-field.ts), without a call per level that reads the pair's codes and the column's arrays
 * again. Date ladders keep no memo (a pair of distinct dates rarely repeats), so every candidate pair of distinct
 * dates took all of that, and the date of birth was the dearest field of the name blocks.
 *
 * A Date comparison agrees when the days are equal, within its tolerance, swapped (day and month, same year)
 * when it allows that, or within its digit typos (DateField.weightFor; without a curve any similarity above 0
 * agrees). Per code, the year, day number, month and day and the packed digits lie side by side.
 */
import { packedDateDigits, packedDigitDifferences } from '../comparators/date.js'
import type { Column } from '../columnar/column.js'
import type { ComparisonSpec } from '../types.js'
import { MISSING } from './levelled-field.js'

/** Int32s per code: year, day number, month × 32 + day, packed digits. */
const STRIDE = 4

export class DateLadder {
  private readonly parts: Int32Array
  private readonly tolerances: Int32Array
  private readonly swaps: Uint8Array
  private readonly typos: Int32Array

  constructor(column: Column, comparisons: readonly ComparisonSpec[]) {
    const { years, months, days, dayNumbers } = column
    if (!years || !months || !days || !dayNumbers) throw new Error(`field ${column.spec.name} is not a date column`)
    if (comparisons.length === 0 || comparisons.some((c) => c.type !== 'Date')) throw new Error('a date ladder takes Date comparisons only')
    const parts = this.parts = new Int32Array(years.length * STRIDE)
    for (let c = 0; c < years.length; c++) {
      parts[c * STRIDE] = years[c]!
      parts[c * STRIDE + 1] = dayNumbers[c]!
      parts[c * STRIDE + 2] = months[c]! * 32 + days[c]!
      parts[c * STRIDE + 3] = packedDateDigits(years[c]!, months[c]!, days[c]!)
    }
    this.tolerances = Int32Array.from(comparisons, (c) => c.toleranceDays ?? 0)
    this.swaps = Uint8Array.from(comparisons, (c) => (c.allowDayMonthSwap ? 1 : 0))
    this.typos = Int32Array.from(comparisons, (c) => c.digitTypos ?? 0)
  }

  /** −1 missing (either date absent or unparseable), 0 no level agrees, k ≥ 1 the first level that agrees. */
  level(a: number, b: number): number {
    const parts = this.parts, x = a * STRIDE, y = b * STRIDE
    const ya = parts[x]!, yb = parts[y]!
    if (ya === 0 || yb === 0) return MISSING
    const d = parts[x + 1]! - parts[y + 1]!
    const diff = d < 0 ? -d : d
    if (diff === 0) return 1
    const mda = parts[x + 2]!, mdb = parts[y + 2]!
    // The same year with day and month exchanged: a's month is b's day and a's day b's month.
    const swapped = ya === yb && (mda >> 5) === (mdb & 31) && (mda & 31) === (mdb >> 5)
    let digitDifferences = -1
    for (let k = 0; k < this.tolerances.length; k++) {
      if (diff <= this.tolerances[k]!) return k + 1
      if (swapped && this.swaps[k] === 1) return k + 1
      const typos = this.typos[k]!
      if (typos > 0) {
        if (digitDifferences < 0) digitDifferences = packedDigitDifferences(parts[x + 3]!, parts[y + 3]!)
        if (digitDifferences <= typos) return k + 1
      }
    }
    return 0
  }
}
