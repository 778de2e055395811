import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { FEBRL_IMPORT_FORMAT } from '@ligature/testkit'
import type { FilePlan } from '../../src/pipeline/envelope-plan.js'

/** A FEBRL CSV with its header row as file 0 of event type 1, as the pipeline tests load it (loadFile). */
export const febrlFilePlan = (fileName: string, eventTypeCode = 'FEBRL'): FilePlan => ({
  fileIndex: 0, fileName, eventTypeId: 1, eventTypeCode, isAuthoritative: false,
  importFormat: { id: 1, ...FEBRL_IMPORT_FORMAT }, settings: [{ name: 'hasHeader', value: 'true' }],
})

/**
 * FEBRL 3 (5,000 records, originals and duplicates in random order) as envelopes in `dir`: part1.csv, part2.csv, …
 * each with the header and the data rows from one of `bounds` (1-based row numbers, the last one past the end) to the next.
 */
export function writeFebrlParts(dir: string, bounds: readonly number[]): void {
  const lines = readFileSync(new URL('../../datasets/febrl/febrl_dataset3.csv', import.meta.url), 'utf8').split('\n').filter((l) => l.trim() !== '')
  for (let part = 1; part < bounds.length; part++) {
    writeFileSync(join(dir, `part${part}.csv`), [lines[0], ...lines.slice(bounds[part - 1], bounds[part])].join('\n') + '\n')
  }
}
