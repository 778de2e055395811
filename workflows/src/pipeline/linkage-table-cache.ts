/**
 * The worker keeps the records of the linkage it last read, so the block partitions of one linkage that land
 * on the same worker read the project once. One entry (memory stays one table), dropped after a minute
 * idle; concurrent partitions share the same pending read. Records do not change while a linkage links:
 * its files are loaded before its partitions start.
 */
import type { LinkageRecords } from '../records/linkage-records.js'

const IDLE_MS = 60_000

export class LinkageTableCache {
  private entry: { key: string; records: Promise<LinkageRecords>; timer: NodeJS.Timeout } | null = null

  /** The cached records for `key`, or `read()`'s; `reused` says which. */
  get(key: string, read: () => Promise<LinkageRecords>): { records: Promise<LinkageRecords>; reused: boolean } {
    if (this.entry?.key === key) {
      this.entry.timer.refresh()
      return { records: this.entry.records, reused: true }
    }
    this.clear()
    const records = read()
    const timer = setTimeout(() => this.clear(), IDLE_MS)
    timer.unref()
    this.entry = { key, records, timer }
    records.catch(() => { if (this.entry?.records === records) this.clear() })
    return { records, reused: false }
  }

  /**
   * The cached records for `key`, handed over and no longer cached (null when another read is cached or none):
   * for grouping, the linkage's last step on this worker, which then holds them for as long as it needs them.
   */
  take(key: string): Promise<LinkageRecords> | null {
    const records = this.entry?.key === key ? this.entry.records : null
    this.clear()
    return records
  }

  clear(): void {
    if (this.entry) clearTimeout(this.entry.timer)
    this.entry = null
  }
}
