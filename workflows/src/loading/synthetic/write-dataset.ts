import { createWriteStream, type WriteStream } from 'node:fs'
import { once } from 'node:events'
import { ColumnType } from '@ligature/contracts/enums'
import type { FileLayout, ImportFormatSpec } from '../parse/import-format.js'
import { syntheticPeople, type GeneratorOptions, type GeneratorStats, type SyntheticPerson } from '@ligature/engine'

/** CSV columns of the synthetic data set and the linkage field each one feeds. */
const COLUMNS: Array<[string, keyof SyntheticPerson, string]> = [
  ['rec_id', 'recId', 'sourceUniqueId'],
  ['given_name', 'givenName', 'givenName'],
  ['middle_name', 'middleName', 'middleName'],
  ['surname', 'surname', 'surname'],
  ['sex', 'sex', 'sex'],
  ['date_of_birth', 'dateOfBirth', 'dateOfBirth'],
  ['address_line', 'addressLine', 'addressLine'],
  ['suburb', 'suburb', 'suburb'],
  ['postcode', 'postcode', 'postcode'],
  ['state', 'state', 'state'],
]

/** Import format and layout that load the synthetic CSV (what an event type's data source would say). */
export const SYNTHETIC_IMPORT_FORMAT: ImportFormatSpec = {
  columnType: ColumnType.DelimitedByName,
  columns: COLUMNS.map(([name, , linkageField]) => ({ name, linkageField, format: linkageField === 'dateOfBirth' ? 'yyyyMMdd' : null })),
}
export const SYNTHETIC_LAYOUT: FileLayout = { separator: ',', firstLineHeader: true }

const cell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v)

export interface DatasetFiles {
  /** The records, one CSV row each. */
  csvPath: string
  /** Optional ground truth: `rec_id,entity_id`. */
  truthPath?: string
}

/**
 * Writes N synthetic records (and optionally their ground truth) as CSV, streaming with backpressure.
 * Resolves with the generator's statistics, including the number of true pairs.
 */
export async function writeSyntheticDataset(options: GeneratorOptions, files: DatasetFiles): Promise<GeneratorStats & { records: number }> {
  const stats: GeneratorStats = { entities: 0, duplicateRecords: 0, truePairs: 0 }
  const csv = createWriteStream(files.csvPath)
  const truth = files.truthPath ? createWriteStream(files.truthPath) : undefined
  await write(csv, COLUMNS.map(([name]) => name).join(',') + '\n')
  if (truth) await write(truth, 'rec_id,entity_id\n')
  let records = 0
  let csvChunk = ''
  let truthChunk = ''
  for (const person of syntheticPeople(options, stats)) {
    records++
    csvChunk += COLUMNS.map(([, key]) => cell(String(person[key]))).join(',') + '\n'
    if (truth) truthChunk += `${person.recId},${person.entityId}\n`
    if (csvChunk.length > 65536) {
      await write(csv, csvChunk)
      if (truth) await write(truth, truthChunk)
      csvChunk = truthChunk = ''
    }
  }
  await write(csv, csvChunk)
  if (truth) await write(truth, truthChunk)
  await Promise.all([end(csv), truth ? end(truth) : undefined])
  return { records, ...stats }
}

async function write(out: WriteStream, text: string): Promise<void> {
  if (text.length > 0 && !out.write(text)) await once(out, 'drain')
}

async function end(out: WriteStream): Promise<void> {
  out.end()
  await once(out, 'finish')
}
