import { tableFingerprint } from '@ligature/engine'
import type { LinkageRecords } from '../../src/records/linkage-records.js'

/**
 * Everything a partition plans and scores from, as one string to compare two reads by: ids, flags, event types,
 * keys, every column's codes and values, term counts.
 */
export function tableContents(records: LinkageRecords, fields: readonly string[]): string {
  const table = records.table!
  return JSON.stringify({
    fingerprint: tableFingerprint(table, records.ids, fields), isNew: Array.from(records.isNew), eventTypeOf: Array.from(records.eventTypeOf),
    tableIsNew: Array.from(table.isNew ?? []), keys: Array.from(records.previousKeys),
    columns: fields.map((f) => [Array.from(table.column(f).codes), table.column(f).values]),
    counts: table.columnNames.map((f) => { const c = table.termCounts(f); return c ? [f, c.present, [...c.byValue].sort()] : [f] }),
  })
}
