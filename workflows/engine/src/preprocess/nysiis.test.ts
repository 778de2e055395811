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
