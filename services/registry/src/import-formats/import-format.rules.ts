import { ColumnType, type ImportFormatInput } from '@ligature/contracts'
import type { FieldProblem } from '@ligature/service-kit'

/** The linkage field every format must map: it identifies a record within its event type. */
export const MANDATORY_LINKAGE_FIELD = 'sourceUniqueId'

const key = (s: string) => s.trim().toLowerCase()

/**
 * Rules the schema cannot express: a usable column type; at least one column; per type, the locator each
 * column needs (FixedWidth: one-based start ≤ end; DelimitedByIndex: a one-based index; DelimitedByName: a
 * name); column names and non-blank linkage fields unique (ignoring case); exactly one sourceUniqueId column.
 */
export function importFormatProblems(input: ImportFormatInput): FieldProblem[] {
  const problems: FieldProblem[] = []
  if (input.columnType === ColumnType.Unknown) {
    problems.push({ path: '/columnType', message: 'must be 1 (FixedWidth), 2 (DelimitedByIndex) or 3 (DelimitedByName)' })
  }
  if (input.columns.length === 0) problems.push({ path: '/columns', message: 'needs at least one column' })
  const names = new Set<string>()
  const fields = new Set<string>()
  input.columns.forEach((c, i) => {
    const at = `/columns/${i}`
    if (input.columnType === ColumnType.FixedWidth) {
      if (c.startPosition == null) problems.push({ path: `${at}/startPosition`, message: 'is required for FixedWidth columns' })
      if (c.endPosition == null) problems.push({ path: `${at}/endPosition`, message: 'is required for FixedWidth columns' })
      if (c.startPosition != null && c.endPosition != null && c.startPosition > c.endPosition) {
        problems.push({ path: `${at}/endPosition`, message: 'must not be before startPosition' })
      }
    }
    if (input.columnType === ColumnType.DelimitedByIndex && c.index == null) {
      problems.push({ path: `${at}/index`, message: 'is required for DelimitedByIndex columns' })
    }
    if (key(c.name) === '') problems.push({ path: `${at}/name`, message: 'must not be blank' })
    else if (names.has(key(c.name))) problems.push({ path: `${at}/name`, message: 'is used by another column' })
    names.add(key(c.name))
    if (key(c.linkageField) !== '') {
      if (fields.has(key(c.linkageField))) problems.push({ path: `${at}/linkageField`, message: 'is mapped by another column' })
      fields.add(key(c.linkageField))
    }
  })
  if (input.columns.length > 0 && !fields.has(key(MANDATORY_LINKAGE_FIELD))) {
    problems.push({ path: '/columns', message: `needs a column mapped to ${MANDATORY_LINKAGE_FIELD}` })
  }
  return problems
}
