import t from 'tap'
import { entryName } from './bulk-load.service.js'

t.test('entry linkages are numbered and stay within 256 characters', async (t) => {
  t.equal(entryName('Hospital admissions 2026', 0, 2), 'Hospital admissions 2026 (1 of 2)')
  const long = entryName('x'.repeat(256), 11, 12)
  t.equal(long.length, 256)
  t.ok(long.endsWith(' (12 of 12)'))
})
