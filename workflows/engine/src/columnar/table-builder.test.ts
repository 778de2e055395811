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

t.test('a table built in batches of cells equals one built record by record', async (t) => {
  const specs = [{ name: 'givenName', kind: 'text' as const }, { name: 'surname', kind: 'text' as const }, { name: 'dateOfBirth', kind: 'date' as const }]
  const rows = Array.from({ length: 2_500 }, (_, i) => [i % 13 === 0 ? '' : `Zoë${i % 89}`, `O'BRIEN${(i * 37) % 1_201}`, `19${10 + (i % 80)}-0${1 + (i % 9)}-1${i % 10}`])
  const byRecord = new RecordTableBuilder(specs, 16)
  rows.forEach((row, i) => byRecord.add(row, 0, i % 4 === 0))
  const inBatches = new RecordTableBuilder(specs, 16)
  // Batches of uneven sizes, an id field before the three, and some cells held elsewhere (as unescaped values are).
  for (let from = 0, size = 1; from < rows.length; from += size, size = size * 3 + 1) {
    const part = rows.slice(from, from + size)
    const width = 4
    const text = part.map((row, i) => [`${from + i}`, ...row].join('\t')).join('\n')
    const bytes = Buffer.from(text, 'utf8')
    const starts = new Int32Array(part.length * width), ends = new Int32Array(part.length * width)
    let cell = 0, at = 0
    for (let k = 0; k <= bytes.length; k++) {
      if (k === bytes.length || bytes[k] === 9 || bytes[k] === 10) { starts[cell] = at; ends[cell] = k; cell++; at = k + 1 }
    }
    const elsewhere = new Map<number, Uint8Array>()
    part.forEach((row, i) => { if ((from + i) % 7 === 0) { elsewhere.set(i * width + 2, Buffer.from(row[1]!, 'utf8')); starts[i * width + 2] = ends[i * width + 2] = 0 } })
    const isNew = Uint8Array.from(part, (_, i) => ((from + i) % 4 === 0 ? 1 : 0))
    inBatches.addBatch({ rows: part.length, width, bytes, starts, ends, elsewhere }, 1, isNew)
  }
  const a = byRecord.build(), b = inBatches.build()
  t.equal(b.size, rows.length)
  t.same([...b.isNew!], [...a.isNew!])
  for (const { name } of specs) {
    t.same([...b.column(name).codes], [...a.column(name).codes], `${name} codes`)
    t.same(b.column(name).values, a.column(name).values, `${name} dictionary`)
  }
})
