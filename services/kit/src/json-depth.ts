/**
 * How deeply a JSON text nests arrays and objects, counted without parsing (brackets inside strings do not
 * count). Stops early once `limit` is passed, so a hostile body costs one linear scan at most.
 */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 92) i++ // backslash: skip the escaped character
      else if (c === 34) inString = false
    } else if (c === 34) inString = true
    else if (c === 91 || c === 123) { if (++depth > limit) return true }
    else if (c === 93 || c === 125) depth--
  }
  return false
}

/**
 * True when a parsed body holds a string (or key) no UTF-8 text column can store: one with NUL (`"\u0000"`),
 * which Postgres refuses, or a lone UTF-16 surrogate (`"\ud800"`), which would be silently replaced on the
 * way to the database or break URL encoding. Recursion is bounded by the nesting limit checked before parsing.
 */
// eslint-disable-next-line no-control-regex -- NUL is what Postgres refuses
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

/** JSON pointer of the first such string (or of the object holding such a key), null when there is none. */
export function unstorableTextAt(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return UNSTORABLE.test(value) ? path || '/' : null
  const entries: [string, unknown][] = Array.isArray(value) ? value.map((v, i) => [String(i), v])
    : value !== null && typeof value === 'object' ? Object.entries(value) : []
  for (const [k, v] of entries) {
    if (UNSTORABLE.test(k)) return path || '/'
    const found = unstorableTextAt(v, `${path}/${k}`)
    if (found) return found
  }
  return null
}
