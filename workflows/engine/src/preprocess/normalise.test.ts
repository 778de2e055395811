import t from 'tap'
import { blankToNull, lettersOnly, normaliseText } from './normalise.js'

// The regular-expression versions normaliseText and lettersOnly replaced: the fast paths must give what these give.
const referenceNormalise = (value: string) =>
  (/^[\x20-\x7e]*$/.test(value) ? value : value.normalize('NFKD').replace(/\p{M}+/gu, '')).toUpperCase().replace(/\s+/g, ' ')
const referenceLetters = (value: string) => value.replace(/[^A-Z]+/g, '')

t.test('names, addresses and the characters that take the slow path', async (t) => {
  const cases: [string, string][] = [
    ['Zoë', 'ZOE'], ['smith', 'SMITH'], ['SMITH', 'SMITH'], ["o'brien", "O'BRIEN"], ['12  high   st', '12 HIGH ST'],
    ['van\tder\u00a0berg', 'VAN DER BERG'], ['Straße', 'STRASSE'], ['ﬁeld', 'FIELD'], ['a b', 'A B'], ['', ''],
  ]
  for (const [value, expected] of cases) t.equal(normaliseText(value), expected, JSON.stringify(value))
  t.equal(lettersOnly("O'BRIEN-SMITH"), 'OBRIENSMITH')
  t.equal(lettersOnly('SMITH'), 'SMITH')
  t.equal(blankToNull('  \u00a0'), null)
})

t.test('equal to the regular-expression versions on random text', async (t) => {
  const alphabet = ['a', 'z', 'A', 'Z', 'm', ' ', ' ', '-', "'", '0', '~', '\t', '\n', '\u00a0', 'é', 'ë', 'ß', 'ﬁ', '\u0301', 'Ø', '\u007f', '\u001f', '😀']
  let seed = 12345
  const random = () => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648 }
  let differ = 0
  for (let n = 0; n < 50_000; n++) {
    let value = ''
    const length = Math.floor(random() * 12)
    // Mostly plain text, as names are, so both paths are exercised.
    const plain = random() < 0.6
    for (let i = 0; i < length; i++) value += plain ? alphabet[Math.floor(random() * 6)] : alphabet[Math.floor(random() * alphabet.length)]
    if (normaliseText(value) !== referenceNormalise(value)) differ++
    const normalised = referenceNormalise(value)
    if (lettersOnly(normalised) !== referenceLetters(normalised)) differ++
  }
  t.equal(differ, 0)
})
