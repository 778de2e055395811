import { MANDATORY_FIELD } from '../linkage-fields.js'
import type { MappedRow } from './column-plan.js'
import type { RowResult } from './rows.js'

/** The row as parsed, or an invalid row when the one mandatory field is blank. */
export function checkedRow(rowNumber: number, mapped: MappedRow): RowResult {
  if ((mapped.fields[MANDATORY_FIELD] ?? '').trim() === '') return { rowNumber, reason: `${MANDATORY_FIELD} is empty` }
  return { rowNumber, fields: mapped.fields, aux: mapped.aux }
}
