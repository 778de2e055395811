/**
 * `ligature envelope build`: definition + source + mapping → a LinXmart envelope zip, in one streaming pass
 * (memory stays flat whatever the source size). Every row is checked; with any bad row the zip is removed
 * and the rows are listed with their line numbers, so nothing invalid can be sent by mistake.
 */
import { basename } from 'node:path'
import { once } from 'node:events'
import { PassThrough } from 'node:stream'
import yazl from 'yazl'
import { COLUMN_TYPE, type DefinitionFile } from './definition.js'
import { CliError, ExitCode } from './errors.js'
import { checkMapping, type Mapping } from './mapping.js'
import { ENVELOPE_NAME, manifestXml, type EnvelopeKind } from './manifest.js'
import type { Output } from './output.js'
import { RowPlan, RowWriter } from './row-plan.js'
import { openSource } from './source.js'
import { writeZip } from './zip-output.js'

export interface BuildOptions {
  def: DefinitionFile
  dataPath: string
  /** Called with the source header when no mapping file exists yet (interactive mapping). */
  mapping: Mapping | ((header: string[]) => Promise<Mapping>)
  out: string
  kind: EnvelopeKind
  secret?: Uint8Array
  sourceDelimiter: string
  separator: string
  header: boolean
  skipInvalid: boolean
  sender?: string
  /** `extraction` envelopes: the extraction project the manifest names (`ExtractionProject`). */
  extractionProject?: string
}

export interface BuildSummary {
  envelope: string
  file: string
  project: string
  eventType: string
  requestType: EnvelopeKind
  encoded: boolean
  rowsRead: number
  rowsWritten: number
  rowsInvalid: number
  invalidRows: { line: number; problems: string[] }[]
}

const SHOWN_INVALID = 20

export async function buildEnvelope(o: BuildOptions, out: Output): Promise<BuildSummary> {
  const name = basename(o.out).replace(/\.zip$/i, '')
  if (!o.out.toLowerCase().endsWith('.zip') || !ENVELOPE_NAME.test(name)) {
    throw new CliError(`The envelope file must be NAME.zip with NAME made of letters, digits, '.', '_' or '-' (the platform names the envelope after it); got ${basename(o.out)}.`)
  }
  const sender = o.sender ?? o.def.eventType.dataProviderCode
  if (!sender) throw new CliError('The definition file names no data provider for this event type; give --sender CODE.')
  if (!o.def.importFormat || o.def.importColumns.length === 0) {
    throw new CliError(`Event type ${o.def.eventType.code} has no import format in project ${o.def.project.code}; ask the project manager to give its data source one.`)
  }
  if (o.kind === 'quality-review' || o.kind === 'batch-quality-review') {
    throw new CliError('A quality-review envelope is built from a review file, not from a source mapping: use `ligature envelope review FILE --project CODE`.')
  }
  // Deletion and extraction envelopes list Source Unique IDs, one per line, no header (DECISIONS "Deletion and
  // rollback", "Extraction and results"): only the id column is mapped, cleaned and checked; nothing is encoded.
  const idsOnly = o.kind === 'deletion' || o.kind === 'extraction'
  if (idsOnly && o.secret) throw new CliError(`A ${o.kind} envelope lists Source Unique IDs only: there is nothing to encode; drop --encode.`)
  if (o.kind === 'extraction' && !o.extractionProject) {
    throw new CliError('An extraction envelope names its extraction project: give --extraction-project ID (or use `ligature extract --ids FILE`).')
  }
  if (o.kind !== 'extraction' && o.extractionProject) throw new CliError('--extraction-project is only used with --type extraction.')
  const planDef: DefinitionFile = idsOnly
    ? { ...o.def, bloom: null, importColumns: o.def.importColumns.filter((c) => c.linkageField === 'sourceUniqueId') }
    : o.def
  const columnType = idsOnly ? COLUMN_TYPE.DelimitedByName : o.def.importFormat.columnType
  const bar = { current: null as null | ReturnType<Output['progress']> }
  const source = await openSource(o.dataPath, o.sourceDelimiter, (read) => bar.current?.update(read))
  const first = await source.records.next()
  if (first.done) throw new CliError(`${o.dataPath} is empty: it needs a header row naming its columns.`)
  const header = first.value.cells.map((h) => h.trim())
  const mapping = typeof o.mapping === 'function' ? await o.mapping(header) : o.mapping
  const problems = checkMapping(mapping, o.def, header)
  if (problems.length > 0) throw new CliError(`The mapping does not fit ${o.def.project.code}/${o.def.eventType.code}.`, ExitCode.error, problems)
  const plan = new RowPlan({ def: planDef, mapping, header, ...(o.secret ? { secret: o.secret } : {}) })
  const writer = new RowWriter(plan.outputColumns, { columnType, separator: o.separator, header: idsOnly ? false : o.header })

  const dataName = `${o.def.eventType.code}.${idsOnly || columnType === COLUMN_TYPE.FixedWidth ? 'txt' : 'csv'}`
  const zip = new yazl.ZipFile()
  zip.addBuffer(Buffer.from(manifestXml({ project: o.def.project.code, sender, kind: o.kind, ...(o.extractionProject ? { extractionProject: o.extractionProject } : {}), files: [{ fileName: dataName, eventTypeCode: o.def.eventType.code }] })), 'manifest.xml')
  const data = new PassThrough({ highWaterMark: 1 << 20 })
  zip.addReadStream(data, dataName)
  zip.end()
  const output = writeZip(zip, o.out)

  const summary: BuildSummary = {
    envelope: name, file: o.out, project: o.def.project.code, eventType: o.def.eventType.code, requestType: o.kind,
    encoded: o.secret !== undefined, rowsRead: 0, rowsWritten: 0, rowsInvalid: 0, invalidRows: [],
  }
  bar.current = out.progress('Building', source.size)
  let pending = writer.header() ?? ''
  const flush = async () => {
    if (!data.write(pending)) await once(data, 'drain')
    pending = ''
  }
  try {
    for await (const { line, cells } of source.records) {
      summary.rowsRead++
      const problems: string[] = []
      if (cells.length !== header.length) problems.push(`has ${cells.length} columns, the header has ${header.length}`)
      const result = problems.length === 0 ? plan.row(cells) : { errors: problems }
      const widthProblem = 'cells' in result ? writer.fixedWidthProblem(result.cells) : null
      if ('errors' in result || widthProblem) {
        summary.rowsInvalid++
        if (summary.invalidRows.length < SHOWN_INVALID) summary.invalidRows.push({ line, problems: 'errors' in result ? result.errors : [widthProblem!] })
        continue
      }
      pending += writer.line(result.cells)
      summary.rowsWritten++
      if (pending.length > 1 << 16) await flush()
    }
    await flush()
    data.end()
    await output.written
  } catch (e) {
    data.destroy()
    await output.discard()
    throw e
  } finally {
    bar.current.stop()
  }
  if (summary.rowsInvalid > 0 && !o.skipInvalid) {
    await output.discard()
    const lines = summary.invalidRows.map((r) => `line ${r.line}: ${r.problems.join('; ')}`)
    if (summary.rowsInvalid > lines.length) lines.push(`… and ${summary.rowsInvalid - lines.length} more`)
    throw new CliError(`${summary.rowsInvalid} of ${summary.rowsRead} rows do not fit the definition; no envelope was written (fix them, or leave them out with --skip-invalid).`, ExitCode.invalidRows, lines)
  }
  if (summary.rowsWritten === 0) {
    await output.discard()
    throw new CliError(`${o.dataPath} has no valid data row; no envelope was written.`, ExitCode.invalidRows)
  }
  return summary
}
