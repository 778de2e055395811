import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import type { LinkageFieldName } from '../loading/linkage-fields.js'
import type { InvalidRow } from '../loading/parse/rows.js'
import { InvalidRowsReport } from '../loading/report/invalid-rows-report.js'

export interface LoadFileResult {
  read: number
  invalid: number
  added: number
  /** Per linkage field, how many records had that field blanked because its value failed its check. */
  blanked: Partial<Record<LinkageFieldName, number>>
  /** The first rejected rows (row number and reason; reasons never quote a value), for the notification. */
  firstInvalid: InvalidRow[]
  report: { filename: string; path: string } | null
  /** Threads that parsed the file (1: the single-thread path); absent where the count means nothing (staging). */
  threads?: number
}

/** How many rejected rows a notification names; the attached report lists all of them. */
export const INVALID_ROWS_NAMED = 10

/**
 * One data file's counts as its rows go by, kept alike by the single-thread and the parallel load: rows read,
 * blanked fields, and rejected rows (all to the CSV report in file order, the first few to the result).
 */
export class FileTally {
  read = 0
  /** Records stored, for loads that count them here (the parallel load); others pass their count to `result`. */
  added = 0
  private readonly blanked: Partial<Record<LinkageFieldName, number>> = {}
  private readonly firstInvalid: InvalidRow[] = []

  private constructor(private readonly report: InvalidRowsReport, private readonly reportName: string) {}

  static async open(reportDir: string, reportName: string): Promise<FileTally> {
    await mkdir(reportDir, { recursive: true })
    return new FileTally(InvalidRowsReport.create(join(reportDir, reportName)), reportName)
  }

  async reject(row: InvalidRow): Promise<void> {
    if (this.firstInvalid.length < INVALID_ROWS_NAMED) this.firstInvalid.push({ rowNumber: row.rowNumber, reason: row.reason })
    await this.report.add(row)
  }

  countBlanked(field: LinkageFieldName, n = 1): void {
    this.blanked[field] = (this.blanked[field] ?? 0) + n
  }

  async close(): Promise<void> {
    await this.report.close()
  }

  /** Once the records are stored: nothing is dropped silently, read = added + invalid. */
  result(added = this.added): LoadFileResult {
    const invalid = this.read - added
    return {
      read: this.read, invalid, added, blanked: this.blanked, firstInvalid: this.firstInvalid,
      report: invalid > 0 ? { filename: this.reportName, path: this.report.path } : null,
    }
  }
}
