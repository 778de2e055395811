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
