import t from 'tap'
import { lettersOnly, normaliseText } from './normalise.js'
import { nysiis } from './nysiis.js'

const code = (name: string, max?: number) => nysiis(lettersOnly(normaliseText(name)), max)

t.test('NYSIIS values of the jellyfish reference test data (full-length keys)', async (t) => {
  const known: Record<string, string> = {
    Worthy: 'WARTY', Ogata: 'OGAT', montgomery: 'MANTGANARY', Costales: 'CASTAL', Tu: 'T', martincevic: 'MARTANCAFAC',
    Catherine: 'CATARAN', Katherine: 'CATARAN', Katerina: 'CATARAN', Johnathan: 'JANATAN', Jonathan: 'JANATAN',
    John: 'JAN', Teresa: 'TARAS', Theresa: 'TARAS', Jessica: 'JASAC', Joshua: 'JAS', Lapher: 'LAFAR', wiyh: 'WY',
    MacArthur: 'MCARTAR', Pheenard: 'FANAD', Schmittie: 'SNATY', Knaqze: 'NAGS', Knokno: 'NAN', Knoko: 'NAC',
    Macaw: 'MC', T: 'T', S: 'S', P: 'P', K: 'C', M: 'M', E: 'E', PFEISTER: 'FASTAR', SARAH: 'SAR',
  }
  for (const [name, expected] of Object.entries(known)) t.equal(code(name), expected, name)
})

t.test('the original six-character key', async (t) => {
  t.equal(code('martincevic', 6), 'MARTAN')
  t.equal(code('montgomery', 6), 'MANTGA')
  t.equal(code('John', 6), 'JAN')
})

t.test('rules that rewrite the name in place', async (t) => {
  t.equal(code('Bishop'), 'BASAP', 'PH becomes FF only when followed by H; SH keeps S')
  t.equal(code('Knight'), 'NAGT', 'KN prefix, GH after a vowel')
  t.equal(code('Phillips'), 'FALAP', 'PH prefix, trailing S dropped')
  t.equal(code('Evans'), 'EVAN', 'EV at the start is not rewritten')
  t.equal(code('Devlin'), 'DAFLAN', 'EV → AF inside the name')
  t.equal(code(''), '')
})

/** The string version nysiis.ts replaced, kept as the reference its code-unit version must equal. */
function referenceNysiis(letters: string, maxLength = Infinity): string {
  if (letters.length === 0) return ''
  const isVowel = (c: string | undefined) => c === 'A' || c === 'E' || c === 'I' || c === 'O' || c === 'U'
  let name = letters
  if (name.startsWith('MAC')) name = 'MCC' + name.slice(3)
  else if (name.startsWith('KN')) name = 'NN' + name.slice(2)
  else if (name.startsWith('K')) name = 'C' + name.slice(1)
  else if (name.startsWith('PH') || name.startsWith('PF')) name = 'FF' + name.slice(2)
  else if (name.startsWith('SCH')) name = 'SSS' + name.slice(3)
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

t.test('equal to the string version on random names, every prefix and suffix rule included', async (t) => {
  // Letters the rules name, weighted up, and a few that no rule names; prefixes and suffixes the rules rewrite.
  const letters = 'AEIOUYKNSCHPFWZQMDTRVGBLAEHKSN'
  const prefixes = ['', '', '', 'MAC', 'KN', 'K', 'PH', 'PF', 'SCH']
  const suffixes = ['', '', '', 'EE', 'IE', 'DT', 'RT', 'RD', 'NT', 'ND', 'AY', 'S', 'A', 'SCH', 'EV', 'KN']
  let seed = 7
  const random = (n: number) => { seed = (seed * 1103515245 + 12345) % 2147483648; return Math.floor(seed / 2147483648 * n) }
  let differ = 0
  for (let n = 0; n < 100_000; n++) {
    let middle = ''
    for (let i = random(9); i > 0; i--) middle += letters[random(letters.length)]
    const name = prefixes[random(prefixes.length)] + middle + suffixes[random(suffixes.length)]
    const max = [Infinity, Infinity, Infinity, 6, 0, -2, 2.5][random(7)]!
    if (nysiis(name, max) !== referenceNysiis(name, max)) differ++
  }
  t.equal(differ, 0)
  // Longer than the reused arrays, and input outside A–Z (the function does not check it).
  const long = 'SCHMIDTKNAPPHEEV'.repeat(10)
  t.equal(nysiis(long), referenceNysiis(long))
  t.equal(nysiis('schmidt'), referenceNysiis('schmidt'))
  t.equal(nysiis('É'), referenceNysiis('É'))
})
