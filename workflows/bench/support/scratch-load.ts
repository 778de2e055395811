/**
 * What the profile scripts (profile-link, profile-touched-read, profile-blocks, profile-load) load and match outside Temporal:
 * the synthetic people file as one file of an envelope, and the platform's default strategies.
 */
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { DEFAULT_MATCH_STRATEGIES, DEFAULT_WEIGHT_CURVES } from '@ligature/contracts/defaults'
import { SYNTHETIC_IMPORT_FORMAT, writeSyntheticDataset } from '../../src/loading/index.js'
import type { FilePlan } from '../../src/pipeline/envelope-plan.js'
import { strategiesFromMatchConfig } from '../../src/pipeline/match-config.js'

/** A synthetic people CSV (writeSyntheticDataset) as file 0 of event type 1, with its header row. */
export const syntheticFilePlan = (fileName: string): FilePlan => ({
  fileIndex: 0, fileName, eventTypeId: 1, eventTypeCode: 'P', isAuthoritative: false,
  importFormat: { id: 1, columnType: SYNTHETIC_IMPORT_FORMAT.columnType, columns: SYNTHETIC_IMPORT_FORMAT.columns },
  settings: [{ name: 'hasHeader', value: 'true' }],
})

/** The default match configuration as the worker reads it, with ids as a new project would give them. */
export const defaultStrategies = () => strategiesFromMatchConfig({
  strategies: DEFAULT_MATCH_STRATEGIES.map((s, i) => ({ ...s, id: i + 1, matchingFields: s.matchingFields.map((f) => ({ ...f })) })),
  weightCurves: DEFAULT_WEIGHT_CURVES.map((c, i) => ({ ...c, id: i + 1 })) as never,
})

/**
 * A project and an envelope into it: `size` synthetic people in `dir`/existing.csv and the next `incoming` of the
 * same seeded dataset (some of them duplicates of stored people) in `dir`/incoming.csv, each with the header row.
 */
export async function writeExistingAndIncoming(dir: string, size: number, incoming: number): Promise<void> {
  await writeSyntheticDataset({ records: size + incoming, seed: 42 }, { csvPath: join(dir, 'people.csv') })
  const lines = (await readFile(join(dir, 'people.csv'), 'utf8')).split('\n').filter((l) => l !== '')
  await writeFile(join(dir, 'existing.csv'), [lines[0], ...lines.slice(1, 1 + size)].join('\n') + '\n')
  await writeFile(join(dir, 'incoming.csv'), [lines[0], ...lines.slice(1 + size)].join('\n') + '\n')
}
