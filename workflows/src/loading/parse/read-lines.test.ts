import { Readable } from 'node:stream'
import t from 'tap'
import { readLines } from './read-lines.js'

const lines = async (chunks: Buffer[], max = 100) => {
  const out: string[] = []
  for await (const l of readLines(Readable.from(chunks), max, (n) => new Error(`line ${n} too long`))) out.push(`${l.number}:${l.text}`)
  return out
}

t.test('splits LF and CRLF lines across arbitrary chunk boundaries', async (t) => {
  const text = Buffer.from('\uFEFFéa\r\nb\n\nzoë\r\nlast', 'utf8')
  const expected = ['1:éa', '2:b', '3:', '4:zoë', '5:last']
  for (let size = 1; size <= 4; size++) {
    const chunks: Buffer[] = []
    for (let i = 0; i < text.length; i += size) chunks.push(text.subarray(i, i + size))
    t.same(await lines(chunks), expected, `chunks of ${size} bytes`)
  }
  t.same(await lines([Buffer.from('a\r\n')]), ['1:a'], 'no empty line after the final line break')
})

t.test('refuses a line longer than the limit, even before it ends', async (t) => {
  await t.rejects(lines([Buffer.from('ok\n' + 'x'.repeat(20) + '\n')], 10), /line 2 too long/)
  await t.rejects(lines([Buffer.from('x'.repeat(11)), Buffer.from('x'.repeat(11))], 10), /line 1 too long/)
})
