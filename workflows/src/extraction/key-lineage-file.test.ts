import t from 'tap'
import { KEY_LINEAGE_HEADER, keyLineageLine } from './key-lineage-file.js'

t.test('a lineage row as a key holder reads it: LK keys, a blank successor for a withdrawn key, Y/N', async (t) => {
  const at = new Date('2026-11-25T13:30:11.304Z')
  t.equal(keyLineageLine({ revision: 2, committed_at: at, from_key: '3', to_key: '1', records: 4, key_ended: true }), '2,2026-11-25T13:30:11.304Z,LK000000000003,LK000000000001,4,Y\r\n')
  t.equal(keyLineageLine({ revision: 5, committed_at: at, from_key: '7', to_key: null, records: 0, key_ended: true }), '5,2026-11-25T13:30:11.304Z,LK000000000007,,0,Y\r\n')
  t.equal(KEY_LINEAGE_HEADER.length, 6)
})
