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
