import t from 'tap'
import { RecordTable } from './record-table.js'
import { bloomEncode, bloomToBase64 } from '../bloom/encode.js'

t.test('dictionary encoding', async tt => {
  const table = RecordTable.fromRows(
    [{ surname: 'smith', dob: '1980-05-04' }, { surname: '', dob: '19800504' }, { surname: 'smith' },
      { surname: 'jones', dob: 'bad' }],
    [{ name: 'surname', kind: 'text' }, { name: 'dob', kind: 'date' }],
  )
  const surname = table.column('surname')
  tt.same([...surname.codes], [1, 0, 1, 2], 'empty is code 0, equal values share a code')
  tt.equal(surname.distinctCount, 2)
  tt.equal(surname.value(3), 'jones')
  const dob = table.column('dob')
  tt.same([...dob.codes], [1, 2, 0, 3])
  tt.same([dob.years![1], dob.months![1], dob.days![1]], [1980, 5, 4])
  tt.same([dob.years![2], dob.months![2], dob.days![2]], [1980, 5, 4], 'both spellings parse')
  tt.equal(dob.years![3], 0, 'invalid date is compared as missing')
  tt.throws(() => table.column('nope'), /unknown field/)
})

t.test('columns input, bloom column and isNew', async tt => {
  const enc = { secret: 's' }
  const f = bloomToBase64(bloomEncode('peter', enc))
  const table = RecordTable.fromColumns({ given: [f, f, null] }, [{ name: 'given', kind: 'bloom' }],
    Uint8Array.from([1, 0, 1]))
  const given = table.column('given')
  tt.equal(table.size, 3)
  tt.same([...given.codes], [1, 1, 0])
  tt.equal(given.bloom!.dice(1, 1), 1)
  tt.same([...table.isNew!], [1, 0, 1])
  tt.throws(() => RecordTable.fromColumns({}, [{ name: 'x', kind: 'text' }]), /no data/)
})
