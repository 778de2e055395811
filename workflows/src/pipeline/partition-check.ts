/**
 * Before grouping: every block partition of a linkage must have planned from the same table. Each one reads
 * the project's records itself (ORDER BY id, under the project's map lock, after the linkage's files are
 * loaded), so they should; but if two ever decoded different records (a map change slipping past the lock, a
 * partition retried after one), their block plans would differ and pairs would be missed or made twice
 * without any error. The fingerprints make that a failed linkage instead.
 */
export interface PartitionFingerprint { partition: number; records: number; fingerprint: string }

export class PartitionTablesDiffer extends Error {
  override readonly name = 'PartitionTablesDiffer'
}

export function checkPartitionsAgree(partitions: readonly PartitionFingerprint[]): void {
  const distinct = new Set(partitions.map((p) => p.fingerprint))
  if (distinct.size <= 1) return
  const seen = [...partitions].sort((a, b) => a.partition - b.partition)
    .map((p) => `partition ${p.partition + 1}: ${p.records} records, fingerprint ${p.fingerprint}`).join('; ')
  throw new PartitionTablesDiffer(`the block partitions of this linkage read different records, so their block plans disagree and the linkage is stopped rather than grouped from inconsistent pairs (${seen})`)
}
