/**
 * NYSIIS phonetic code, following the rules of Taft (1970), "Name Search Techniques": prefix and suffix
 * translations, then a left-to-right scan that rewrites the name in place (so a rule sees the letters earlier
 * rules produced), adding a letter to the key only when it differs from the key's last letter; finally a
 * trailing S and A are removed and a trailing AY becomes Y.
 * The original system kept 6 characters; by default the full key is returned (as most current libraries do),
 * pass `maxLength: 6` for the truncated form. Input: letters A–Z only (see `lettersOnly`).
 */
const isVowel = (c: string | undefined) => c === 'A' || c === 'E' || c === 'I' || c === 'O' || c === 'U'

export function nysiis(letters: string, maxLength = Infinity): string {
  if (letters.length === 0) return ''
  let name = translatePrefix(letters)
  if (/(EE|IE)$/.test(name)) name = name.slice(0, -2) + 'Y'
  else if (/(DT|RT|RD|NT|ND)$/.test(name)) name = name.slice(0, -2) + 'D'

  const c = name.split('')
  let key = c[0]!
  for (let i = 1; i < c.length; i++) {
    const ch = c[i]!
    if (ch === 'E' && c[i + 1] === 'V') { c[i] = 'A'; c[i + 1] = 'F' }
    else if (isVowel(ch)) c[i] = 'A'
    else if (ch === 'Q') c[i] = 'G'
    else if (ch === 'Z') c[i] = 'S'
    else if (ch === 'M') c[i] = 'N'
    else if (ch === 'K') c[i] = c[i + 1] === 'N' ? 'N' : 'C'
    else if (ch === 'S' && c[i + 1] === 'C' && c[i + 2] === 'H') { c[i + 1] = 'S'; c[i + 2] = 'S' }
    else if (ch === 'P' && c[i + 1] === 'H') { c[i] = 'F'; c[i + 1] = 'F' }
    else if (ch === 'H' && (!isVowel(c[i - 1]) || !isVowel(c[i + 1]))) c[i] = c[i - 1]!
    else if (ch === 'W' && isVowel(c[i - 1])) c[i] = c[i - 1]!
    if (c[i] !== key[key.length - 1]) key += c[i]
  }
  if (key.length > 1 && key.endsWith('S')) key = key.slice(0, -1)
  if (key.endsWith('AY')) key = key.slice(0, -2) + 'Y'
  if (key.length > 1 && key.endsWith('A')) key = key.slice(0, -1)
  return key.slice(0, maxLength)
}

function translatePrefix(name: string): string {
  if (name.startsWith('MAC')) return 'MCC' + name.slice(3)
  if (name.startsWith('KN')) return 'NN' + name.slice(2)
  if (name.startsWith('K')) return 'C' + name.slice(1)
  if (name.startsWith('PH') || name.startsWith('PF')) return 'FF' + name.slice(2)
  if (name.startsWith('SCH')) return 'SSS' + name.slice(3)
  return name
}
