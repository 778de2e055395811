/**
 * Dates of birth parsed by the column's declared format. Tokens: `yyyy` (four-digit year), `MM`/`dd`
 * (two digits), `M`/`d` (one or two digits); every other character must appear literally (`/`, `-`, `.`,
 * space…). A format may leave out the day, or day and month, for partial dates. Two-digit years are not
 * supported: their century would be a guess.
 */
export interface DateParts {
  year: number
  month: number | null
  day: number | null
}
export type DateParser = (value: string) => DateParts | { error: string }

/** Used when an import format declares no format for dateOfBirth (see DECISIONS.md format hints). */
export const DEFAULT_DATE_FORMAT = 'yyyy-MM-dd'

const TOKENS: Array<[string, 'year' | 'month' | 'day', string]> = [
  ['yyyy', 'year', '(\\d{4})'],
  ['MM', 'month', '(\\d{2})'],
  ['dd', 'day', '(\\d{2})'],
  ['M', 'month', '(\\d{1,2})'],
  ['d', 'day', '(\\d{1,2})'],
]

export function dateParser(format: string = DEFAULT_DATE_FORMAT): DateParser {
  const order: Array<'year' | 'month' | 'day'> = []
  let pattern = ''
  for (let i = 0; i < format.length; ) {
    const token = TOKENS.find(([t]) => format.startsWith(t, i))
    if (token) {
      if (order.includes(token[1])) throw new Error(`Date format ${format} names the ${token[1]} twice.`)
      order.push(token[1])
      pattern += token[2]
      i += token[0].length
    } else {
      if (/[A-Za-z]/.test(format[i]!)) throw new Error(`Date format ${format} has an unknown letter "${format[i]}"; use yyyy, MM, M, dd, d.`)
      pattern += format[i]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      i += 1
    }
  }
  if (!order.includes('year')) throw new Error(`Date format ${format} has no year (yyyy).`)
  if (order.includes('day') && !order.includes('month')) throw new Error(`Date format ${format} has a day but no month.`)
  const regex = new RegExp(`^${pattern}$`)
  // Capture group of each part (0 when the format has none), resolved once rather than per value.
  const yearAt = order.indexOf('year') + 1
  const monthAt = order.indexOf('month') + 1
  const dayAt = order.indexOf('day') + 1
  return (value) => {
    const m = regex.exec(value)
    if (!m) return { error: `"${value}" does not match the date format ${format}` }
    const parts: DateParts = {
      year: Number(m[yearAt]),
      month: monthAt > 0 ? Number(m[monthAt]) : null,
      day: dayAt > 0 ? Number(m[dayAt]) : null,
    }
    if (parts.year < 1000) return { error: `"${value}" has year ${parts.year}` }
    if (parts.month !== null && (parts.month < 1 || parts.month > 12)) return { error: `"${value}" has no month ${parts.month}` }
    if (parts.day !== null && parts.month !== null && (parts.day < 1 || parts.day > daysInMonth(parts.year, parts.month))) {
      return { error: `"${value}" is not a calendar date (day ${parts.day} of month ${parts.month})` }
    }
    return parts
  }
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31
}

/** ISO text of (possibly partial) parts: `1980-02-29`, `1980-02`, `1980`. */
export function isoDate(parts: DateParts): string {
  let text = String(parts.year)
  if (parts.month !== null) text += (parts.month < 10 ? '-0' : '-') + parts.month
  if (parts.day !== null) text += (parts.day < 10 ? '-0' : '-') + parts.day
  return text
}
