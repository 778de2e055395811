/**
 * The project definition file (format version 1) served by GET /projects/{id}/projectdefinitionfile/{eventTypeCode}:
 * the only input about the project the builder needs. Read defensively: it is a file the user may have edited.
 */
import { readFile } from 'node:fs/promises'
import { CliError } from './errors.js'

export interface LinkageFieldDef {
  name: string
  displayName: string
  maxLength: number
  required: boolean
  format: string | null
}
export interface ImportColumnDef {
  name: string
  linkageField: string
  index: number | null
  startPosition: number | null
  endPosition: number | null
  format: string | null
  preprocessing: string[]
}
export interface BloomDef {
  qgramLength: number
  padded: boolean
  filterBits: number
  hashFunctions: number
  fields: { name: string; linkageField: string }[]
}
export interface DefinitionFile {
  formatVersion: 1
  project: { code: string; name: string }
  eventType: { code: string; description: string; dataProviderCode: string | null }
  matchProvider: string
  linkageFields: LinkageFieldDef[]
  importFormat: { name: string; columnType: number; columnTypeName: string } | null
  importColumns: ImportColumnDef[]
  preprocessing: {
    dateOfBirthFormat: string
    outputDateFormat: string
    sexValues: Record<string, string[]>
    stateValues: Record<string, string[]>
  }
  bloom: BloomDef | null
}

export const COLUMN_TYPE = { FixedWidth: 1, DelimitedByIndex: 2, DelimitedByName: 3 } as const

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** Checks the parts the builder relies on and names the first thing missing. */
export function parseDefinition(text: string, source = 'the definition file'): DefinitionFile {
  let json: unknown
  try { json = JSON.parse(text) } catch { throw new CliError(`${source} is not JSON.`) }
  const bad = (what: string) => new CliError(`${source} is not a Ligature project definition file: ${what}.`)
  if (!isObject(json)) throw bad('it is not a JSON object')
  if (json.formatVersion !== 1) throw bad(`formatVersion is ${JSON.stringify(json.formatVersion)}, this tool reads 1`)
  if (!isObject(json.project) || typeof json.project.code !== 'string') throw bad('project.code is missing')
  if (!isObject(json.eventType) || typeof json.eventType.code !== 'string') throw bad('eventType.code is missing')
  if (!Array.isArray(json.linkageFields)) throw bad('linkageFields is missing')
  if (!Array.isArray(json.importColumns)) throw bad('importColumns is missing')
  if (!isObject(json.preprocessing)) throw bad('preprocessing is missing')
  return json as unknown as DefinitionFile
}

export async function readDefinition(path: string): Promise<DefinitionFile> {
  let text: string
  try { text = await readFile(path, 'utf8') } catch { throw new CliError(`Cannot read the definition file ${path}.`) }
  return parseDefinition(text, path)
}
