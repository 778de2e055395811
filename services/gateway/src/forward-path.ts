/** Decodes one percent-encoded component; null when an escape is malformed or the bytes are not UTF-8. */
export function decodeComponent(raw: string): string | null {
  try { return decodeURIComponent(raw) } catch { return null }
}

/**
 * A decoded path value that could change the route if forwarded (separators, dot segments, a `..` at
 * either end, which reads as a parent reference next to a `/`) or that no column holds (control
 * characters, NUL). No id, code or envelope name has any of these.
 */
// eslint-disable-next-line no-control-regex -- control characters are what it refuses
export const isUnsafeValue = (value: string) => value === '.' || /^\.\.|\.\.$/.test(value) || /[/\\\u0000-\u001f\u007f]/.test(value)

export type ParamCheck =
  | { ok: true; values: Record<string, string> }
  | { ok: false; problem: 'malformed' | 'unsafe'; param: string }

/** Decodes the raw values the route matcher captured and refuses any that is malformed or unsafe. */
export function checkParams(raw: Record<string, string>): ParamCheck {
  const values: Record<string, string> = {}
  for (const [name, value] of Object.entries(raw)) {
    const decoded = decodeComponent(value)
    if (decoded === null) return { ok: false, problem: 'malformed', param: name }
    if (isUnsafeValue(decoded)) return { ok: false, problem: 'unsafe', param: name }
    values[name] = decoded
  }
  return { ok: true, values }
}

/**
 * The path the service receives: the route's own template with each value re-encoded, so it can only ever
 * reach the route the gateway matched and authorised.
 */
export const forwardPath = (template: string, values: Record<string, string>) =>
  template.replace(/:([A-Za-z]+)/g, (_m, name: string) => encodeURIComponent(values[name] ?? ''))

/** True when every key and value of a query string (`?a=1&b=2`) decodes. */
export function isDecodableQuery(search: string): boolean {
  return search.replace(/^\?/, '').split('&').every((part) => part.split('=').every((c) => decodeComponent(c.replace(/\+/g, ' ')) !== null))
}
