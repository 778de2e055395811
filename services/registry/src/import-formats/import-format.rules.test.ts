import t from 'tap'
import { importFormatProblems } from './import-format.rules.js'

const id = { name: 'rec_id', linkageField: 'sourceUniqueId' }

t.test('valid formats of each column type pass', async (t) => {
  t.same(importFormatProblems({ name: 'F', columnType: 1, columns: [{ ...id, startPosition: 1, endPosition: 1 }, { name: 'sn', linkageField: 'surname', startPosition: 2, endPosition: 9 }] }), [])
  t.same(importFormatProblems({ name: 'I', columnType: 2, columns: [{ ...id, index: 1 }, { name: 'aux', linkageField: '', index: 1 }, { name: 'aux2', linkageField: '', index: 2 }] }), [])
  t.same(importFormatProblems({ name: 'N', columnType: 3, columns: [{ ...id, linkageField: 'SourceUniqueId' }] }), [])
})

t.test('each broken rule is named by its path', async (t) => {
  t.same(importFormatProblems({ name: 'U', columnType: 0, columns: [] }).map((p) => p.path), ['/columnType', '/columns'])
  t.same(importFormatProblems({ name: 'F', columnType: 1, columns: [{ ...id, startPosition: 5, endPosition: 4 }, { name: 'x', linkageField: 'surname' }] }).map((p) => p.path),
    ['/columns/0/endPosition', '/columns/1/startPosition', '/columns/1/endPosition'])
  t.same(importFormatProblems({ name: 'I', columnType: 2, columns: [{ ...id }, { name: 'REC_ID ', linkageField: 'sourceuniqueid', index: 2 }, { name: ' ', linkageField: '', index: 3 }] }).map((p) => p.path),
    ['/columns/0/index', '/columns/1/name', '/columns/1/linkageField', '/columns/2/name'])
  t.same(importFormatProblems({ name: 'N', columnType: 3, columns: [{ name: 'sn', linkageField: 'surname' }] }).map((p) => p.path), ['/columns'])
})
