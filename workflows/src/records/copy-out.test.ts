import t from 'tap'
import { decodeField } from './copy-out.js'

const field = (s: string) => decodeField(s, 0, s.length)

t.test('COPY text fields decode as Postgres writes them', async (t) => {
  t.equal(field('Smith'), 'Smith')
  t.equal(field(''), '')
  t.equal(field('\\N'), null, 'NULL')
  t.equal(field('a\\tb'), 'a\tb', 'tab')
  t.equal(field('line\\nbreak\\r'), 'line\nbreak\r')
  t.equal(field('back\\\\slash'), 'back\\slash')
  t.equal(field('\\\\N'), '\\N', 'a literal backslash-N is not NULL')
  t.equal(field('\\101\\x42'), 'AB', 'octal and hex escapes')
  t.equal(field('O\'Brien – Zoë'), 'O\'Brien – Zoë', 'no escapes: the text as is')
})
