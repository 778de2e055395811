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
 * True when a parsed body holds a string (or key) with a lone UTF-16 surrogate (`"\ud800"`): no UTF-8 text
 * can carry one, so it would be silently replaced on the way to the database or break URL encoding.
 * Recursion is bounded by the nesting limit checked before parsing.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

export function hasLoneSurrogate(value: unknown): boolean {
  if (typeof value === 'string') return LONE_SURROGATE.test(value)
  if (Array.isArray(value)) return value.some(hasLoneSurrogate)
  if (value !== null && typeof value === 'object') return Object.entries(value).some(([k, v]) => LONE_SURROGATE.test(k) || hasLoneSurrogate(v))
  return false
}
