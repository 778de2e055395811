import t from 'tap'
import { enduringKey, keyNumberOf } from './enduring-key.js'

t.test('keys are LK and twelve digits, as the extraction output writes them', async (t) => {
  t.equal(enduringKey(1), 'LK000000000001')
  t.equal(enduringKey('4207'), 'LK000000004207', 'bigint columns arrive as strings')
  t.equal(enduringKey(999_999_999_999), 'LK999999999999')
  t.equal(keyNumberOf('LK000000004207'), 4207)
  t.equal(keyNumberOf(enduringKey(123_456_789_012)), 123_456_789_012)
})
