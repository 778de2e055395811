/**
 * A weight as stored in `pairs.weights`: rounded to three decimals, written as JavaScript writes the rounded
 * number (`String(Math.round(w * 1000) / 1000)`: `7.41`, `-2.7`, `0`), built from integers because the
 * shortest-round-trip double formatting was a fifth of the pair write's JavaScript time.
 */
export function thousandths(w: number): string {
  const r = Math.round(w * 1000)
  // Non-finite or too large for exact integer digits: the general path (never met by real weights).
  if (!(Math.abs(r) < 1e15)) return String(r / 1000)
  if (r === 0) return '0'
  const abs = r < 0 ? -r : r
  const whole = Math.floor(abs / 1000)
  let frac = abs - whole * 1000
  const sign = r < 0 ? '-' : ''
  if (frac === 0) return `${sign}${whole}`
  let digits = 3
  while (frac % 10 === 0) { frac /= 10; digits-- }
  const fracText = String(frac)
  return `${sign}${whole}.${'0'.repeat(digits - fracText.length)}${fracText}`
}
