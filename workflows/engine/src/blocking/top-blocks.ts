/** Keeps the k blocks that created the most pairs (ties: more records, then earlier block) for the report. */
export interface BlockReport { values: string[]; records: number; pairs: number }

export class TopBlocks {
  private readonly entries: { block: number; records: number; pairs: number }[] = []

  constructor(private readonly k: number) {}

  private static before(a: { records: number; pairs: number; block: number },
    b: { records: number; pairs: number; block: number }): boolean {
    return a.pairs !== b.pairs ? a.pairs > b.pairs : a.records !== b.records ? a.records > b.records : a.block < b.block
  }

  offer(block: number, records: number, pairs: number): void {
    if (this.k <= 0 || pairs === 0) return
    const entry = { block, records, pairs }
    const last = this.entries[this.entries.length - 1]
    if (this.entries.length === this.k && last && !TopBlocks.before(entry, last)) return
    let at = this.entries.length
    while (at > 0 && TopBlocks.before(entry, this.entries[at - 1]!)) at--
    this.entries.splice(at, 0, entry)
    if (this.entries.length > this.k) this.entries.pop()
  }

  reports(valuesOf: (block: number) => string[]): BlockReport[] {
    return this.entries.map(e => ({ values: valuesOf(e.block), records: e.records, pairs: e.pairs }))
  }
}
