/**
 * The envelope's name comes from the uploaded filename: the last path segment without a trailing `.zip`.
 * Only letters, digits, `.`, `_` and `-` are allowed, and no leading dot, so a name can never address a
 * file outside the inbox or a hidden work file. No trailing `..` either: `/envelopes/x../jobs` reads as a
 * parent reference to path-normalising software, and the gateway refuses such path values.
 */
const NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/

export function envelopeNameFromFilename(filename: string | undefined): string | null {
  if (!filename) return null
  const base = filename.split(/[\\/]/).pop() ?? ''
  const name = base.replace(/\.zip$/i, '')
  return NAME.test(name) && !name.endsWith('..') ? name : null
}
