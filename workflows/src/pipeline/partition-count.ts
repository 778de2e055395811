/**
 * How many block partitions a linkage splits into. Every partition reads the records it plans from (a touched
 * read cannot know a partition's blocks before reading them), so a split repeats the read and pays only when
 * the matching it divides outweighs that. Measured on 2 cores (bench:linkage --incremental, 10,000 records into
 * 1,000,000): the touched read took 3.2 s and matching 0.9 s; two partitions took 8.29 s upload to keys, one
 * 7.04 s. Both grow with the envelope, so a touched linkage stays whole until its envelope is large enough that
 * its read approaches a full one; a full read (a project's first linkage) splits as configured.
 */
import type { LinkageRead } from './linkage-read.js'

/** Incoming records from which a touched linkage splits like a full one. */
export const TOUCHED_SPLIT_MIN_INCOMING = 100_000

export function partitionCount(configured: number, read: LinkageRead, incoming: number): number {
  return read === 'touched' && incoming < TOUCHED_SPLIT_MIN_INCOMING ? 1 : configured
}
