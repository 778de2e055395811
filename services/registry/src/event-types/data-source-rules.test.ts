import t from 'tap'
import { checkDataSources } from './data-source-rules.js'

const delimited = { dataSourceType: 'DelimitedFile', importFormatId: 1, name: 'CSV' }

t.test('valid sources pass with names and booleans normalised', async (t) => {
  const { problems, sources } = checkDataSources([
    { ...delimited, code: 'CSV', settings: [{ name: 'ColumnSeparator', value: '\\t', isSecret: false }, { name: 'isfirstlineheader', value: 'TRUE', isSecret: false }] },
    { dataSourceType: 'PostgreSQL', importFormatId: 1, name: 'PG', code: 'PG', settings: [{ name: 'connectionString', value: 'postgres://x', isSecret: true }] },
  ])
  t.same(problems, [])
  t.same(sources[0]!.settings, [{ name: 'columnSeparator', value: '\\t', isSecret: false }, { name: 'isFirstLineHeader', value: 'true', isSecret: false }])
})

t.test('each broken rule is named by its path', async (t) => {
  const { problems } = checkDataSources([
    { ...delimited, dataSourceType: 'Excel' },
    { ...delimited, code: 'A', settings: [{ name: 'table', value: 'x', isSecret: false }, { name: 'columnSeparator', value: ';;', isSecret: false }] },
    { ...delimited, code: 'A', settings: [{ name: 'isFirstLineHeader', value: 'maybe', isSecret: false }, { name: 'isFirstLineHeader', value: 'true', isSecret: false }] },
    { dataSourceType: 'PostgreSQL', importFormatId: 1, name: 'PG', settings: [{ name: 'connectionString', value: 'postgres://x', isSecret: false }] },
  ])
  t.same(problems.map((p) => p.path), [
    '/dataSources/0/dataSourceType',
    '/dataSources/1/settings/0/name', '/dataSources/1/settings/1/value',
    '/dataSources/2/code', '/dataSources/2/settings/0/value', '/dataSources/2/settings/1/name',
    '/dataSources/3/settings/0/isSecret',
  ])
})
