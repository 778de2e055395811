import t from 'tap'
import { csvField, csvLine, delimiterChar } from './csv.js'

t.test('fields are quoted only when they must be', async (t) => {
  t.equal(csvField('plain', ','), 'plain')
  t.equal(csvField('a,b', ','), '"a,b"')
  t.equal(csvField('a,b', '\t'), 'a,b', 'a comma is plain text in a tab-separated file')
  t.equal(csvField('say "hi"', ','), '"say ""hi"""')
  t.equal(csvField('two\nlines', '|'), '"two\nlines"')
  t.equal(csvField('', ','), '')
})

t.test('lines join with the delimiter and end in CRLF', async (t) => {
  t.equal(csvLine(['A', 'b,c', ''], ','), 'A,"b,c",\r\n')
  t.equal(delimiterChar('tab'), '\t')
  t.equal(delimiterChar(';'), ';')
})
