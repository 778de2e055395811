/**
 * A quality-review envelope (`SubmitQualityReview`) from a review file, as the platform reads it (contracts/
 * DECISIONS.md "Quality review"): four columns, no header — project code, Source Unique ID, event type code,
 * target group label. Every row is checked before anything is written; rows of another project, missing values
 * and over-long ids stop the build with their line numbers. The platform's clerical-review file is already in
 * this layout: edit its labels and build it.
 */
import yazl from 'yazl'
import { CliError, ExitCode } from './errors.js'
import { manifestXml } from './manifest.js'
import { openSource } from './source.js'
import { writeZip } from './zip-output.js'

const MAX_ID_LENGTH = 64
const SHOWN = 20

export interface ReviewEnvelope { file: string; envelope: string; rows: number; labels: number; eventTypes: string[] }

const quote = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v)

function problemsOf(cells: string[], project: string): string[] {
  if (cells.length !== 4) return [`${cells.length} columns; a review row has 4 (project, Source Unique ID, event type, label)`]
  const [code, id, eventType, label] = cells.map((c) => c.trim()) as [string, string, string, string]
  const problems: string[] = []
  if (code !== project) problems.push(`project ${code || '(blank)'} is not ${project}`)
  if (id === '') problems.push('blank Source Unique ID')
  else if (id.length > MAX_ID_LENGTH) problems.push(`Source Unique ID longer than ${MAX_ID_LENGTH} characters`)
  if (eventType === '') problems.push('blank event type code')
  if (label === '') problems.push('blank group label')
  return problems
}

export async function buildReviewEnvelope(o: { reviewPath: string; out: string; project: string; sender: string; batch?: boolean }): Promise<ReviewEnvelope> {
  const source = await openSource(o.reviewPath, ',', () => {})
  const rows: string[] = []
  const invalid: string[] = []
  const labels = new Set<string>()
  const eventTypes = new Set<string>()
  for await (const { line, cells } of source.records) {
    const problems = problemsOf(cells, o.project)
    if (problems.length > 0) { invalid.push(`line ${line}: ${problems.join('; ')}`); continue }
    const [, id, eventType, label] = cells.map((c) => c.trim()) as [string, string, string, string]
    labels.add(label)
    eventTypes.add(eventType)
    rows.push([o.project, id, eventType, label].map(quote).join(','))
  }
  if (invalid.length > 0) {
    throw new CliError(`${o.reviewPath}: ${invalid.length} rows are not valid review rows; nothing was written.`, ExitCode.invalidRows, invalid.slice(0, SHOWN))
  }
  if (rows.length === 0) throw new CliError(`${o.reviewPath} has no review rows.`, ExitCode.invalidRows)
  // Rows name their own event type; the manifest's datasource is the first one (the platform does not use it).
  const first = [...eventTypes][0]!
  const dataName = 'review.csv'
  const zip = new yazl.ZipFile()
  zip.addBuffer(Buffer.from(manifestXml({ project: o.project, sender: o.sender, kind: o.batch ? 'batch-quality-review' : 'quality-review',
    files: [{ fileName: dataName, eventTypeCode: first }] })), 'manifest.xml')
  zip.addBuffer(Buffer.from(rows.join('\n') + '\n'), dataName)
  zip.end()
  const output = writeZip(zip, o.out)
  try {
    await output.written
  } catch {
    await output.discard()
    throw new CliError(`Cannot write ${o.out}.`)
  }
  return { file: o.out, envelope: o.out.replace(/^.*\//, '').replace(/\.zip$/i, ''), rows: rows.length, labels: labels.size, eventTypes: [...eventTypes] }
}
