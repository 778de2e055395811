import t from 'tap'
import { checkPartitionsAgree, PartitionTablesDiffer } from './partition-check.js'

t.test('partitions that decoded the same table pass; any difference stops the linkage', async (tt) => {
  const same = [0, 1, 2].map((partition) => ({ partition, records: 1000, fingerprint: '1000:00ff00ff00ff00ff' }))
  tt.doesNotThrow(() => checkPartitionsAgree(same))
  tt.doesNotThrow(() => checkPartitionsAgree([]), 'no partitions, nothing to compare')
  const differ = [...same.slice(0, 2), { partition: 2, records: 1001, fingerprint: '1001:0123456789abcdef' }]
  tt.throws(() => checkPartitionsAgree(differ), PartitionTablesDiffer)
  tt.throws(() => checkPartitionsAgree(differ), /partition 3: 1001 records, fingerprint 1001:0123456789abcdef/, 'names the partition that differs')
  const sameCount = [same[0]!, { partition: 1, records: 1000, fingerprint: '1000:ffffffffffffffff' }]
  tt.throws(() => checkPartitionsAgree(sameCount), PartitionTablesDiffer, 'equal counts but different values differ too')
})
