/**
 * One source row → one data-file row of the import format: mapped, cleaned, checked against the linkage
 * fields (required, maximum length, date format) and, for Privacy projects, Bloom-encoded so that the clear
 * identifiers the project links on in encoded form are left out of the envelope.
 */
import { bloomEncode, bloomToBase64, DEFAULT_DATE_FORMAT, type BloomEncoding } from '@ligature/engine'
import { columnCleaner, type CleanResult } from './clean.js'
import { COLUMN_TYPE, type DefinitionFile, type ImportColumnDef } from './definition.js'
import { CliError } from './errors.js'
import type { Mapping } from './mapping.js'

export type RowResult = { cells: string[] } | { errors: string[] }

export interface PlanOptions {
  def: DefinitionFile
  mapping: Mapping
  header: readonly string[]
  /** The provider's secret when encoding; undefined sends clear text. */
  secret?: Uint8Array
}

interface ColumnStep {
  column: ImportColumnDef
  outAt: number
  /** Source cell index, or -1 for an unmapped column (written blank). */
  at: number
  clean: (raw: string) => CleanResult & { iso?: string }
  maxLength: number | null
  required: boolean
  /** Linkage field whose Bloom version the project uses: the clear value is encoded, then withheld. */
  withheld: boolean
}

/** The encoding the definition prescribes for one project (secret from the provider, never from the file). */
export function encodingOf(def: DefinitionFile, secret: Uint8Array): BloomEncoding {
  const b = def.bloom!
  return { secret, filterBits: b.filterBits, hashCount: b.hashFunctions, q: b.qgramLength, padded: b.padded }
}

export class RowPlan {
  readonly outputColumns: ImportColumnDef[]
  private readonly steps: ColumnStep[]
  private readonly bloomColumns: { outAt: number; fromField: string }[]
  private readonly encoding: BloomEncoding | null

  constructor(private readonly opts: PlanOptions) {
    const { def, mapping, header, secret } = opts
    if (def.bloom && !secret) {
      throw new CliError(`Project ${def.project.code} links on Bloom-encoded fields (${def.bloom.fields.map((f) => f.name).join(', ')}); build with --encode bloom --secret-file FILE.`)
    }
    if (!def.bloom && secret) throw new CliError(`Project ${def.project.code} uses the ${def.matchProvider} match provider: it has no Bloom-encoded fields to encode.`)
    this.encoding = secret ? encodingOf(def, secret) : null
    this.outputColumns = def.importColumns
    const fields = new Map(def.linkageFields.map((f) => [f.name, f]))
    const bloomByName = new Map((def.bloom?.fields ?? []).map((f) => [f.name, f.linkageField]))
    const withheld = new Set(secret ? bloomByName.values() : [])
    const sourceIndex = new Map(header.map((h, i) => [h, i]))
    this.steps = []
    this.bloomColumns = []
    def.importColumns.forEach((column, outAt) => {
      const fromField = bloomByName.get(column.linkageField)
      if (fromField !== undefined) { this.bloomColumns.push({ outAt, fromField }); return }
      const m = mapping.columns.get(column.name)
      const field = fields.get(column.linkageField)
      const isDate = column.preprocessing.includes('parseDate')
      const outputDateFormat = column.format || field?.format || DEFAULT_DATE_FORMAT
      this.steps.push({
        column, outAt, at: m ? sourceIndex.get(m.source) ?? -1 : -1,
        clean: columnCleaner({
          transforms: m?.clean ?? [], steps: column.preprocessing,
          sourceDateFormat: (isDate && m?.dateFormat) || outputDateFormat, outputDateFormat,
          maps: { sex: def.preprocessing.sexValues, state: def.preprocessing.stateValues },
        }),
        maxLength: field?.maxLength ?? null, required: field?.required ?? false, withheld: withheld.has(column.linkageField),
      })
    })
    for (const b of this.bloomColumns) {
      if (!this.steps.some((s) => s.column.linkageField === b.fromField && s.at >= 0)) {
        throw new CliError(`Map a source column to the ${b.fromField} column: the project links on its Bloom encoding.`)
      }
    }
    const missingBloom = [...bloomByName.keys()].filter((name) => !def.importColumns.some((c) => c.linkageField === name))
    if (secret && missingBloom.length > 0) {
      throw new CliError(`The import format ${def.importFormat?.name ?? ''} has no column for ${missingBloom.join(', ')}; ask the project manager to add one per Bloom-encoded field.`)
    }
  }

  /** Cleans, checks and encodes one source record; `errors` name the import column and what is wrong. */
  row(record: readonly string[]): RowResult {
    const cells: string[] = new Array<string>(this.outputColumns.length).fill('')
    const errors: string[] = []
    const clearByField = new Map<string, string>()
    this.steps.forEach((s) => {
      const raw = s.at >= 0 ? record[s.at] ?? '' : ''
      const cleaned = s.clean(raw)
      if ('error' in cleaned) { errors.push(`${s.column.name}: ${cleaned.error}`); return }
      if (cleaned.value === '' && s.required) { errors.push(`${s.column.name}: ${s.column.linkageField} is required but blank`); return }
      const checked = cleaned.iso ?? cleaned.value
      if (s.maxLength !== null && checked.length > s.maxLength) {
        errors.push(`${s.column.name}: ${s.column.linkageField} is ${checked.length} characters, more than its ${s.maxLength}`)
        return
      }
      if (s.column.linkageField) clearByField.set(s.column.linkageField, checked)
      cells[s.outAt] = s.withheld ? '' : cleaned.value
    })
    if (errors.length > 0) return { errors }
    for (const b of this.bloomColumns) {
      const clear = clearByField.get(b.fromField) ?? ''
      cells[b.outAt] = clear === '' ? '' : bloomToBase64(bloomEncode(clear, this.encoding!))
    }
    return { cells }
  }
}

/** The data file's layout: the definition's column type with the platform's defaults for header and separator. */
export interface OutputLayout {
  columnType: number
  separator: string
  header: boolean
}

const needsQuotes = (value: string, sep: string) => value.includes(sep) || /["\r\n]/.test(value) || value !== value.trim()
const quote = (value: string, sep: string) => (needsQuotes(value, sep) ? `"${value.replace(/"/g, '""')}"` : value)

/** Writes rows in the import format's shape: by name (header of column names), by index, or fixed width. */
export class RowWriter {
  private readonly width: number
  constructor(private readonly columns: readonly ImportColumnDef[], private readonly layout: OutputLayout) {
    this.width = layout.columnType === COLUMN_TYPE.DelimitedByIndex ? Math.max(0, ...columns.map((c) => c.index ?? 0)) : columns.length
  }

  header(): string | null {
    if (!this.layout.header || this.layout.columnType === COLUMN_TYPE.FixedWidth) return null
    return this.line(this.columns.map((c) => c.name))
  }

  /** A fixed-width value that does not fit its positions is an error of the row, not a silent truncation. */
  fixedWidthProblem(cells: readonly string[]): string | null {
    if (this.layout.columnType !== COLUMN_TYPE.FixedWidth) return null
    for (let i = 0; i < this.columns.length; i++) {
      const c = this.columns[i]!
      const width = (c.endPosition ?? c.startPosition ?? 1) - (c.startPosition ?? 1) + 1
      if (cells[i]!.length > width) return `${c.name}: "${cells[i]}" is longer than its ${width} positions`
    }
    return null
  }

  line(cells: readonly string[]): string {
    if (this.layout.columnType === COLUMN_TYPE.FixedWidth) {
      const end = Math.max(...this.columns.map((c) => c.endPosition ?? c.startPosition ?? 1))
      const chars = new Array<string>(end).fill(' ')
      this.columns.forEach((c, i) => {
        const start = (c.startPosition ?? 1) - 1
        for (let k = 0; k < cells[i]!.length; k++) chars[start + k] = cells[i]![k]!
      })
      return chars.join('') + '\n'
    }
    let out = cells
    if (this.layout.columnType === COLUMN_TYPE.DelimitedByIndex) {
      const placed = new Array<string>(this.width).fill('')
      this.columns.forEach((c, i) => { placed[(c.index ?? i + 1) - 1] = cells[i]! })
      out = placed
    }
    return out.map((v) => quote(v, this.layout.separator)).join(this.layout.separator) + '\n'
  }
}
