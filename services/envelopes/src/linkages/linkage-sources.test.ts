import t from 'tap'
import { duplicateSourceProblems } from './linkage-sources.js'

t.test('a repeated event type and data source pair is named by its position', async (t) => {
  const sources = [
    { eventTypeCode: 'HMDS', dataSourceCode: 'CSV' }, { eventTypeCode: 'HMDS', dataSourceCode: 'PG' },
    { eventTypeCode: 'EDDC', dataSourceCode: 'CSV' }, { eventTypeCode: 'HMDS', dataSourceCode: 'CSV' },
  ]
  t.same(duplicateSourceProblems(sources, '/linkageSources'), [{ path: '/linkageSources/3', message: 'This event type and data source are already in the list.' }])
  t.same(duplicateSourceProblems(sources.slice(0, 3), '/x'), [])
})
