import type { Readable } from 'node:stream'
import { ColumnPlan } from './column-plan.js'
import { checkedRow } from './checked-row.js'
import type { FileLayout, ImportFormatSpec } from './import-format.js'
import { MAX_RECORD_CHARS, dataFileError } from './open-text.js'
import { readLines } from './read-lines.js'
import type { RowResult } from './rows.js'

/**
 * Rows of a fixed-width file: each column is the characters from its one-based start to its one-based end
 * position, inclusive. A line must reach the start of every column; a shorter last column (trailing blanks
 * removed by an editor) reads as what is there. Empty lines are skipped.
 */
export async function* parseFixedWidth(bytes: Readable, format: ImportFormatSpec, layout: FileLayout, fileName: string): AsyncGenerator<RowResult> {
  const plan = ColumnPlan.build(format)
  if (!(plan instanceof ColumnPlan)) throw dataFileError(fileName, plan.problems.join(' '))
  const tooLong = (line: number) => dataFileError(fileName, `line ${line} is longer than ${MAX_RECORD_CHARS} characters`)
  for await (const { number, text } of readLines(bytes, MAX_RECORD_CHARS, tooLong)) {
    if (number === 1 && layout.firstLineHeader) continue
    if (text.trim() === '') continue
    const width = ColumnPlan.lineWidth(text)
    if (width < plan.minimumWidth) {
      yield { rowNumber: number, reason: `is ${width} characters long; the import format needs at least ${plan.minimumWidth}` }
    } else {
      yield checkedRow(number, plan.fromLine(text))
    }
  }
}
