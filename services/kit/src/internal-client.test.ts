import t from 'tap'
import { EnvelopesInternal, RegistryInternal, ResultsInternal } from '@ligature/contracts/internal'
import { internalPath } from './internal-client.js'

t.test('path values are filled in and encoded; the query keeps only defined values', async (t) => {
  t.equal(internalPath(EnvelopesInternal.finishJob.path, { id: 7 }), '/internal/jobs/7')
  t.equal(internalPath(RegistryInternal.dataSource.path, { code: 'BIRTHS', dataSourceCode: 'A/B C' }), '/internal/eventtypes/by-code/BIRTHS/datasources/A%2FB%20C')
  t.equal(internalPath(ResultsInternal.listExtractions.path, {}, { envelopeName: 'e 1', limit: 10, offset: undefined }), '/internal/extractions?envelopeName=e+1&limit=10')
  t.equal(internalPath(EnvelopesInternal.notifyProject.path), '/internal/notifications')
})
