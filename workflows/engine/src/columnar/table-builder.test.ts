import t from 'tap'
import { RecordTable } from './record-table.js'
import { RecordTableBuilder } from './table-builder.js'

t.test('a table built record by record equals one built from rows', async (t) => {
  const specs = [{ name: 'surname', kind: 'text' as const }, { name: 'dateOfBirth', kind: 'date' as const }]
  const rows = [['SMITH', '1980-01-02'], [null, '1980-01-02'], ['SMITH', ''], ['JONES', '19991231']]
  const builder = new RecordTableBuilder(specs, 1)
  rows.forEach((row, i) => builder.add(['ignored', ...row], 1, i % 2 === 0))
  const built = builder.build()
  const expected = RecordTable.fromRows(rows.map(([surname, dateOfBirth]) => ({ surname, dateOfBirth })), specs, [true, false, true, false])
  t.equal(built.size, 4)
  t.same([...built.isNew!], [...expected.isNew!])
  for (const { name } of specs) {
    t.same([...built.column(name).codes], [...expected.column(name).codes], `${name} codes`)
    t.same(built.column(name).values, expected.column(name).values, `${name} dictionary`)
  }
  t.equal(built.column('dateOfBirth').years![built.column('dateOfBirth').codes[3]!], 1999, 'dates parsed per distinct value')
})

t.test('a table built from byte ranges in place equals one built from strings', async (t) => {
  const specs = [{ name: 'givenName', kind: 'text' as const }, { name: 'surname', kind: 'text' as const }]
  const rows = Array.from({ length: 3_000 }, (_, i) => [i % 11 === 0 ? '' : `Zoë${i % 97}`, `O'BRIEN${(i * 31) % 1_409}`])
  // Every row's fields lie in one shared buffer behind an id field, as a COPY row's do.
  const text = rows.map(([g, s], i) => `${i}\t${g}\t${s}`).join('\n')
  const buffer = Buffer.from(text, 'utf8')
  const starts: number[] = [], ends: number[] = []
  let row = 0
  const fieldBytes = {
    source: () => buffer,
    start: (f: number) => starts[row * 3 + f]!,
    end: (f: number) => ends[row * 3 + f]!,
  }
  let from = 0
  for (let k = 0; k <= buffer.length; k++) {
    if (k === buffer.length || buffer[k] === 9 || buffer[k] === 10) { starts.push(from); ends.push(k); from = k + 1 }
  }
  const fromBytes = new RecordTableBuilder(specs, 16), fromStrings = new RecordTableBuilder(specs, 16)
  for (row = 0; row < rows.length; row++) {
    fromBytes.addRow(fieldBytes, 1, row % 3 === 0)
    fromStrings.add(rows[row]!, 0, row % 3 === 0)
  }
  const a = fromBytes.build(), b = fromStrings.build()
  t.same([...a.isNew!], [...b.isNew!])
  for (const { name } of specs) {
    t.same([...a.column(name).codes], [...b.column(name).codes], `${name} codes`)
    t.same(a.column(name).values, b.column(name).values, `${name} dictionary`)
  }
})
