import { DefaultExtractionColumnNames, ExtractionColumns, type ExtractionSettings } from '@ligature/contracts'

/** A project that never changed its settings extracts every column under its product name, comma-separated. */
export const defaultExtractionSettings = (): ExtractionSettings => ({
  columns: ExtractionColumns.map((column) => ({ column, name: DefaultExtractionColumnNames[column] })),
  delimiter: ',',
})

/**
 * Problems the schema cannot see: a column listed twice, two columns with one header, or a header holding
 * the delimiter, a quote or a line break (it would have to be quoted, which readers of the map handle badly).
 */
export function settingsProblems(s: Pick<ExtractionSettings, 'columns' | 'delimiter'>): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = []
  const delimiter = s.delimiter === 'tab' ? '\t' : s.delimiter
  const seenColumns = new Set<string>(), seenNames = new Set<string>()
  s.columns.forEach((c, i) => {
    if (seenColumns.has(c.column)) problems.push({ path: `/columns/${i}/column`, message: `${c.column} is listed twice` })
    if (seenNames.has(c.name)) problems.push({ path: `/columns/${i}/name`, message: `the header "${c.name}" is used twice` })
    if (c.name.includes(delimiter) || /["\r\n]/.test(c.name)) problems.push({ path: `/columns/${i}/name`, message: 'a header may not hold the delimiter, a double quote or a line break' })
    seenColumns.add(c.column); seenNames.add(c.name)
  })
  return problems
}
