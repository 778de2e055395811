/**
 * Delimited text of the extraction output: a field holding the delimiter, a double quote or a line break is
 * quoted, quotes doubled (RFC 4180); everything else is written as it is. Lines end with CRLF, as RFC 4180 and
 * the spreadsheet tools linkage units open these files with expect.
 */
export const delimiterChar = (setting: string) => (setting === 'tab' ? '\t' : setting)

const needsQuotes = new Map<string, RegExp>()
const quoteTest = (delimiter: string) => {
  let re = needsQuotes.get(delimiter)
  if (!re) { re = new RegExp(`["\r\n${delimiter.replace(/[\\^$.*+?()[\]{}|-]/g, '\\$&')}]`); needsQuotes.set(delimiter, re) }
  return re
}

export function csvField(value: string, delimiter: string): string {
  return quoteTest(delimiter).test(value) ? `"${value.replace(/"/g, '""')}"` : value
}

export const csvLine = (values: readonly string[], delimiter: string) => values.map((v) => csvField(v, delimiter)).join(delimiter) + '\r\n'
