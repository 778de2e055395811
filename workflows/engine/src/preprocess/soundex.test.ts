import t from 'tap'
import { lettersOnly, normaliseText } from './normalise.js'
import { soundex } from './soundex.js'

const code = (name: string) => soundex(lettersOnly(normaliseText(name)))

t.test('standard American Soundex values', async (t) => {
  const known: Record<string, string> = {
    Robert: 'R163', Rupert: 'R163', Tymczak: 'T522', Pfister: 'P236', Honeyman: 'H555',
    Ashcraft: 'A261', Ashcroft: 'A261', Washington: 'W252', Lee: 'L000', Gutierrez: 'G362', Jackson: 'J250',
    Kuhne: 'K500', Ebell: 'E140', Ebelson: 'E142', Schaefer: 'S160', Schaak: 'S200', Rubin: 'R150', A: 'A000',
  }
  for (const [name, expected] of Object.entries(known)) t.equal(code(name), expected, name)
})

t.test('letters only, accents folded, empty stays empty', async (t) => {
  t.equal(code("O'Brien"), code('OBRIEN'))
  t.equal(code('Çáŕẗéř'), 'C636')
  t.equal(code('  '), '')
  t.equal(code('123'), '')
})
