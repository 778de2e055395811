/**
 * The mapping file (YAML, version 1): for each import column of the definition, which source column feeds
 * it, the provider transforms to apply first and, for dates, the source's date format.
 *
 *   version: 1
 *   columns:
 *     rec_id: id                      # shorthand: import column ← source column
 *     family_name: { source: last_name, clean: [removePunctuation] }
 *     dob: { source: birth_date, dateFormat: d/M/yyyy }
 */
import { readFile, writeFile } from 'node:fs/promises'
import YAML from 'yaml'
import { CliError } from './errors.js'
import { isTransform, TRANSFORMS, type TransformName } from './clean.js'
import type { DefinitionFile } from './definition.js'

export interface ColumnMapping {
  source: string
  clean: TransformName[]
  dateFormat?: string
}
export interface Mapping {
  columns: Map<string, ColumnMapping>
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** Parses mapping text; every problem is listed so a provider fixes the file in one go. */
export function parseMapping(text: string, where = 'the mapping file'): Mapping {
  let doc: unknown
  try { doc = YAML.parse(text) } catch (e) { throw new CliError(`${where} is not valid YAML: ${(e as Error).message.split('\n')[0]}`) }
  if (!isRecord(doc) || !isRecord(doc.columns)) throw new CliError(`${where} needs a "columns:" section mapping import columns to source columns.`)
  if (doc.version !== undefined && doc.version !== 1) throw new CliError(`${where} has version ${JSON.stringify(doc.version)}; this tool reads version 1.`)
  const problems: string[] = []
  const columns = new Map<string, ColumnMapping>()
  for (const [column, spec] of Object.entries(doc.columns)) {
    if (typeof spec === 'string') { columns.set(column, { source: spec, clean: [] }); continue }
    if (!isRecord(spec) || typeof spec.source !== 'string' || spec.source === '') {
      problems.push(`${column}: give the source column, as "${column}: name" or "${column}: { source: name }".`)
      continue
    }
    const clean: TransformName[] = []
    for (const t of Array.isArray(spec.clean) ? spec.clean : spec.clean === undefined ? [] : [spec.clean]) {
      if (typeof t === 'string' && isTransform(t)) clean.push(t)
      else problems.push(`${column}: unknown transform ${JSON.stringify(t)}; known: ${Object.keys(TRANSFORMS).join(', ')}.`)
    }
    if (spec.dateFormat !== undefined && typeof spec.dateFormat !== 'string') problems.push(`${column}: dateFormat must be text such as dd/MM/yyyy.`)
    columns.set(column, { source: spec.source, clean, ...(typeof spec.dateFormat === 'string' ? { dateFormat: spec.dateFormat } : {}) })
  }
  if (problems.length > 0) throw new CliError(`${where} has ${problems.length} problem(s).`, 1, problems)
  return { columns }
}

export async function readMapping(path: string): Promise<Mapping> {
  let text: string
  try { text = await readFile(path, 'utf8') } catch { throw new CliError(`Cannot read the mapping file ${path}.`) }
  return parseMapping(text, path)
}

/** Import columns that carry a value the provider must supply (Bloom columns are computed, never mapped). */
export function mappableColumns(def: DefinitionFile) {
  const bloom = new Set((def.bloom?.fields ?? []).map((f) => f.name))
  return def.importColumns.filter((c) => !bloom.has(c.linkageField))
}

/** Checks the mapping against the definition and the source header before any row is read. */
export function checkMapping(mapping: Mapping, def: DefinitionFile, header: readonly string[]): string[] {
  const problems: string[] = []
  const known = new Set(mappableColumns(def).map((c) => c.name))
  const sourceColumns = new Set(header)
  for (const [column, spec] of mapping.columns) {
    if (!known.has(column)) problems.push(`${column} is not an import column of ${def.importFormat?.name ?? 'the definition'} (${[...known].join(', ')}).`)
    if (!sourceColumns.has(spec.source)) problems.push(`${column}: source column ${spec.source} is not in the data file's header (${header.join(', ')}).`)
  }
  for (const field of def.linkageFields.filter((f) => f.required)) {
    const columns = def.importColumns.filter((c) => c.linkageField === field.name)
    if (columns.length === 0) problems.push(`The import format has no column for the required field ${field.name}.`)
    else if (!columns.some((c) => mapping.columns.has(c.name))) problems.push(`Map a source column to ${columns[0]!.name}: it feeds the required field ${field.name}.`)
  }
  return problems
}

/** A first guess per import column: a source column with the same name, or named like its linkage field. */
export function guessMapping(def: DefinitionFile, header: readonly string[]): Map<string, string | undefined> {
  const squash = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '')
  const bySquashed = new Map(header.map((h) => [squash(h), h]))
  return new Map(mappableColumns(def).map((c) => [c.name, bySquashed.get(squash(c.name)) ?? (c.linkageField ? bySquashed.get(squash(c.linkageField)) : undefined)]))
}

export function mappingYaml(def: DefinitionFile, chosen: Map<string, ColumnMapping>): string {
  const columns: Record<string, unknown> = {}
  for (const [column, spec] of chosen) {
    columns[column] = spec.clean.length === 0 && spec.dateFormat === undefined ? spec.source
      : { source: spec.source, ...(spec.clean.length ? { clean: spec.clean } : {}), ...(spec.dateFormat ? { dateFormat: spec.dateFormat } : {}) }
  }
  const head = `# Mapping of source columns to the import columns of ${def.project.code}/${def.eventType.code}` +
    ` (${def.importFormat?.name ?? 'no import format'}).\n# Transforms: ${Object.keys(TRANSFORMS).join(', ')}.\n`
  return head + YAML.stringify({ version: 1, columns })
}

export async function writeMapping(path: string, def: DefinitionFile, chosen: Map<string, ColumnMapping>) {
  await writeFile(path, mappingYaml(def, chosen), 'utf8')
}
