/**
 * A quality-review file (SubmitQualityReview / SubmitBatchQualityReview): comma-delimited, four columns, no
 * header — project code, Source Unique ID, event type code, target group label. A field may be wrapped in
 * double quotes (a doubled quote inside is one quote); surrounding spaces and a trailing CR are trimmed, blank
 * lines ignored. Rows that cannot be applied are counted, never fatal: malformed (not four non-empty fields),
 * another project's code, an event type that is not a member of the project, or a record listed again (its
 * first row counts).
 */
export interface ReviewRow { line: number; eventTypeId: number; suid: string; label: string }

export interface ReviewFileCounts { rowsRead: number; malformed: number; otherProject: number; unknownEventType: number; duplicates: number }

export interface ParsedReviewFile { rows: ReviewRow[]; counts: ReviewFileCounts; skippedSample: string[] }

const SAMPLE = 20

/** The fields of one line; null when a quote is left open. */
export function splitCsvLine(line: string): string[] | null {
  const fields: string[] = []
  let i = 0
  for (;;) {
    while (line[i] === ' ') i++
    if (line[i] === '"') {
      let value = ''
      i++
      for (;;) {
        const q = line.indexOf('"', i)
        if (q < 0) return null
        value += line.slice(i, q)
        if (line[q + 1] === '"') { value += '"'; i = q + 2; continue }
        i = q + 1
        break
      }
      while (line[i] === ' ') i++
      fields.push(value)
      if (i >= line.length) return fields
      if (line[i] !== ',') return null
      i++
    } else {
      const comma = line.indexOf(',', i)
      if (comma < 0) { fields.push(line.slice(i).trim()); return fields }
      fields.push(line.slice(i, comma).trim())
      i = comma + 1
    }
  }
}

export function parseReviewFile(text: string, projectCode: string, eventTypeIdOf: ReadonlyMap<string, number>): ParsedReviewFile {
  const counts: ReviewFileCounts = { rowsRead: 0, malformed: 0, otherProject: 0, unknownEventType: 0, duplicates: 0 }
  const rows: ReviewRow[] = []
  const skippedSample: string[] = []
  const seen = new Set<string>()
  const skip = (kind: keyof ReviewFileCounts, line: number, why: string) => {
    counts[kind]++
    if (skippedSample.length < SAMPLE) skippedSample.push(`line ${line} ${why}`)
  }
  const lines = text.replace(/^\uFEFF/, '').split('\n')
  lines.forEach((raw, index) => {
    const line = index + 1
    const trimmed = raw.replace(/\r$/, '')
    if (trimmed.trim() === '') return
    counts.rowsRead++
    const fields = splitCsvLine(trimmed)
    if (!fields || fields.length !== 4 || fields.some((f) => f === '')) return skip('malformed', line, '(not four non-empty fields)')
    const [project, suid, eventTypeCode, label] = fields as [string, string, string, string]
    if (project !== projectCode) return skip('otherProject', line, `(project ${project})`)
    const eventTypeId = eventTypeIdOf.get(eventTypeCode)
    if (eventTypeId === undefined) return skip('unknownEventType', line, `(event type ${eventTypeCode} is not a member)`)
    const id = `${eventTypeId}\u0000${suid}`
    if (seen.has(id)) return skip('duplicates', line, `(${eventTypeCode} ${suid} listed again)`)
    seen.add(id)
    rows.push({ line, eventTypeId, suid, label })
  })
  return { rows, counts, skippedSample }
}
