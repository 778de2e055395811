import t from 'tap'
import { defaultExtractionSettings, settingsProblems } from './extraction-settings.js'

t.test('the defaults are all seven columns with their product names, comma-separated', async (t) => {
  const d = defaultExtractionSettings()
  t.equal(d.delimiter, ',')
  t.same(d.columns.map((c) => c.name), ['Person Key', 'Source Unique ID', 'Event Type Code', 'Linkage Project Code', 'Source Person ID', 'Extraction Project ID', 'Linked Project Person Key'])
  t.same(settingsProblems(d), [])
})

t.test('repeated columns, repeated headers and headers needing quotes are refused with their paths', async (t) => {
  const problems = settingsProblems({
    delimiter: 'tab',
    columns: [{ column: 'personKey', name: 'Key' }, { column: 'personKey', name: 'Key2' }, { column: 'sourceUniqueId', name: 'Key' }, { column: 'eventTypeCode', name: 'a\tb' }],
  })
  t.same(problems.map((p) => p.path), ['/columns/1/column', '/columns/2/name', '/columns/3/name'])
})
