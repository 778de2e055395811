import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { ColumnType } from '@ligature/contracts/enums'
import { RECORD_COLUMNS } from '../loading/store/copy-text.js'
import { splitFields } from '../records/copy-out.js'
import { stageFile } from './stage-file.js'

const csv = `rec_id,given_name,surname,date_of_birth
rec-1-org,Ann,Lee,19800504
rec-1-dup-0,Anne,Lee,19801304
,Bob,Ray,19700101
rec-2-org,Bob\tTab,"Ray, Jr",19700101
`

t.test('a probability estimation file is staged like a load: rejected, blanked, escaped, nothing stored', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'stage-'))
  t.teardown(() => rm(dir, { recursive: true, force: true }))
  await writeFile(join(dir, 'data.csv'), csv)
  const result = await stageFile({
    folder: dir, stagingPath: join(dir, '0.tsv'), reportDir: join(dir, 'reports'), reportName: 'bad.csv',
    file: { fileIndex: 0, fileName: 'data.csv', eventTypeId: 1, eventTypeCode: 'ET', isAuthoritative: false,
      importFormat: { id: 1, columnType: ColumnType.DelimitedByName, columns: [
        { name: 'rec_id', linkageField: 'sourceUniqueId' }, { name: 'given_name', linkageField: 'givenName' },
        { name: 'surname', linkageField: 'surname' }, { name: 'date_of_birth', linkageField: 'dateOfBirth', format: 'yyyyMMdd' }] },
      settings: [{ name: 'columnSeparator', value: ',' }, { name: 'isFirstLineHeader', value: 'true' }] },
  })
  t.match(result, { read: 4, invalid: 1, added: 3, blanked: { dateOfBirth: 1 } })
  t.equal(result.firstInvalid.length, 1)
  t.ok(result.report, 'the rejected row is reported')
  const lines = (await readFile(join(dir, '0.tsv'), 'utf8')).trim().split('\n')
  t.equal(lines.length, 3)
  const cells: (string | null)[] = []
  const at = (name: string) => (RECORD_COLUMNS as readonly string[]).indexOf(name)
  splitFields(lines[1]!, 0, lines[1]!.length, cells)
  t.equal(cells[at('sourceUniqueId')], 'rec-1-dup-0')
  t.equal(cells[at('dateOfBirth')], null, 'the impossible date is blanked, the record kept')
  splitFields(lines[2]!, 0, lines[2]!.length, cells)
  t.equal(cells[at('sourceUniqueId')], 'rec-2-org', 'a value with a tab survives the staging file')
})
