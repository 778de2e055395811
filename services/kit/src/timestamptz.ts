/**
 * A reader of Postgres `timestamptz` text that takes the shape Postgres sends (DateStyle ISO:
 * `2026-11-29 21:20:56.123456+00`, offsets such as `+05:30` or `-03`) without regular expressions, and hands
 * anything else (BC dates, five-digit years, years below 1000, infinity) to `fallback`. Its answers are the
 * fallback's own arithmetic (Date.UTC of the fields, the fraction as 1000 × parseFloat, minus the offset), so
 * the two agree to the millisecond; only the cost differs: every list row carries one or two timestamps.
 */
export function timestamptzReader(fallback: (text: string) => unknown): (text: string) => unknown {
  return (text) => fastTimestamptz(text) ?? fallback(text)
}

/** Two decimal digits at `at`, or -1. */
function twoDigits(s: string, at: number): number {
  const a = s.charCodeAt(at) - 48
  const b = s.charCodeAt(at + 1) - 48
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : -1
}

function fastTimestamptz(s: string): Date | null {
  // yyyy-mm-dd hh:mm:ss: fixed places.
  if (s.length < 22 || s.charCodeAt(4) !== 45 || s.charCodeAt(7) !== 45 || s.charCodeAt(10) !== 32
    || s.charCodeAt(13) !== 58 || s.charCodeAt(16) !== 58) return null
  const century = twoDigits(s, 0)
  const yy = twoDigits(s, 2)
  const month = twoDigits(s, 5)
  const day = twoDigits(s, 8)
  const hour = twoDigits(s, 11)
  const minute = twoDigits(s, 14)
  const second = twoDigits(s, 17)
  // Years 0–999 take Date.UTC's two-digit-year rule and its correction: the fallback's.
  if (century < 10 || yy < 0 || month < 0 || day < 0 || hour < 0 || minute < 0 || second < 0) return null
  let at = 19
  let ms = 0
  if (s.charCodeAt(at) === 46) {
    let end = at + 1
    while (end < s.length && end - at <= 6 && s.charCodeAt(end) >= 48 && s.charCodeAt(end) <= 57) end++
    if (end === at + 1) return null
    ms = 1000 * parseFloat(s.slice(at, end))
    at = end
  }
  // The offset: +hh, +hh:mm or +hh:mm:ss, and nothing after it.
  const sign = s.charCodeAt(at) === 43 ? 1 : s.charCodeAt(at) === 45 ? -1 : 0
  const oh = twoDigits(s, at + 1)
  if (sign === 0 || oh < 0) return null
  let om = 0
  let os = 0
  at += 3
  if (at < s.length) {
    if (s.charCodeAt(at) !== 58 || (om = twoDigits(s, at + 1)) < 0) return null
    at += 3
    if (at < s.length) {
      if (s.charCodeAt(at) !== 58 || (os = twoDigits(s, at + 1)) < 0) return null
      at += 3
    }
  }
  if (at !== s.length) return null
  const offset = (oh * 3600 + om * 60 + os) * sign * 1000
  return new Date(Date.UTC(century * 100 + yy, month - 1, day, hour, minute, second, ms) - offset)
}
