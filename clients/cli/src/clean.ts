/**
 * Cleaning transforms a provider can ask for in the mapping file, plus the platform's own preprocessing steps
 * named in the definition file (trim, removeAccents, upperCase, collapseSpaces, parseDate, mapSex, mapState).
 * The platform steps come from @ligature/engine, the same code the loader runs, so a value that passes here
 * is stored as checked (and a Bloom filter is built from exactly the text the platform would compare).
 */
import { dateParser, isoDate, normaliseText, standardiser, type DateParser, type ValueMap } from '@ligature/engine'

export const TRANSFORMS = {
  trim: 'Remove leading and trailing white space.',
  upper: 'Upper-case.',
  lower: 'Lower-case.',
  removePunctuation: 'Drop every character that is not a letter, digit or space ("O\'Brien-Smith" → "OBrienSmith").',
  removeAccents: 'Decompose and drop accents ("Zoë" → "Zoe").',
  collapseSpaces: 'Replace runs of white space with one space.',
  digitsOnly: 'Keep only the digits 0-9 (phone-style identifiers, postcodes).',
} as const
export type TransformName = keyof typeof TRANSFORMS
export const isTransform = (name: string): name is TransformName => Object.hasOwn(TRANSFORMS, name)

const PUNCTUATION = /[^\p{L}\p{N}\s]+/gu
const ACCENTS = /\p{M}+/gu

export function applyTransform(name: TransformName, value: string): string {
  switch (name) {
    case 'trim': return value.trim()
    case 'upper': return value.toUpperCase()
    case 'lower': return value.toLowerCase()
    case 'removePunctuation': return value.replace(PUNCTUATION, '')
    case 'removeAccents': return value.normalize('NFKD').replace(ACCENTS, '')
    case 'collapseSpaces': return value.replace(/\s+/g, ' ')
    case 'digitsOnly': return value.replace(/[^0-9]+/g, '')
  }
}

export type CleanResult = { value: string } | { error: string }

/** Formats ISO parts back into a column's date format (the inverse of the engine's dateParser). */
export function formatDate(parts: { year: number; month: number | null; day: number | null }, format: string): string {
  const two = (n: number | null) => (n === null ? '' : n < 10 ? `0${n}` : String(n))
  return format.replace(/yyyy|MM|dd|M|d/g, (token) => {
    switch (token) {
      case 'yyyy': return String(parts.year)
      case 'MM': return two(parts.month)
      case 'dd': return two(parts.day)
      case 'M': return parts.month === null ? '' : String(parts.month)
      default: return parts.day === null ? '' : String(parts.day)
    }
  })
}

export interface PlatformSteps {
  sex: ValueMap
  state: ValueMap
}

/**
 * One column's cleaning, compiled once: provider transforms, then the definition's platform steps. Dates are
 * read with `sourceDateFormat` and written in `outputDateFormat` (the import column's format, which the
 * platform parses); `iso` is kept beside for Bloom encoding and length checks.
 */
export function columnCleaner(opts: {
  transforms: readonly TransformName[]
  steps: readonly string[]
  sourceDateFormat: string
  outputDateFormat: string
  maps: PlatformSteps
}): (raw: string) => CleanResult & { iso?: string } {
  const parse: DateParser | null = opts.steps.includes('parseDate') ? dateParser(opts.sourceDateFormat) : null
  const sex = opts.steps.includes('mapSex') ? standardiser(opts.maps.sex) : null
  const state = opts.steps.includes('mapState') ? standardiser(opts.maps.state) : null
  const text = opts.steps.includes('upperCase') || opts.steps.includes('removeAccents')
  const collapse = opts.steps.includes('collapseSpaces')
  return (raw) => {
    let value = raw
    for (const t of opts.transforms) value = applyTransform(t, value)
    value = value.trim()
    if (value === '') return { value: '' }
    if (parse) {
      const parts = parse(value)
      if ('error' in parts) return { error: parts.error }
      return { value: formatDate(parts, opts.outputDateFormat), iso: isoDate(parts) }
    }
    if (sex) return { value: sex(value) }
    if (state) return { value: state(value) }
    if (text) value = normaliseText(value)
    else if (collapse) value = value.replace(/\s+/g, ' ')
    return { value }
  }
}
