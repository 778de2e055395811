/**
 * "Load Probability Calculation": a probability estimation envelope's data file is parsed and preprocessed
 * exactly like a linkage file (load-file.ts: same import format, same blanking, same rejections), but the
 * records go to a staging file in the worker's data folder, never into the project's record store, so they
 * are neither linked nor kept. The staging file holds one COPY-text line per record in RECORD_COLUMNS order
 * and is deleted when the estimation ends (estimation.activities.ts).
 */
import { createWriteStream } from 'node:fs'
import { once } from 'node:events'
import { copyTextLine, recordValues } from '../loading/store/copy-text.js'
import type { FilePlan } from '../pipeline/envelope-plan.js'
import { openFileRecords, type LoadFileResult } from '../pipeline/load-file.js'

export interface StageFileInput { folder: string; stagingPath: string; reportDir: string; reportName: string; file: FilePlan }

export async function stageFile(input: StageFileInput, onProgress: (rows: number) => void = () => {}): Promise<LoadFileResult> {
  const file = await openFileRecords(input, onProgress)
  const out = createWriteStream(input.stagingPath)
  let added = 0
  try {
    for await (const { record } of file.records) {
      if (!out.write(copyTextLine(recordValues(record)))) await once(out, 'drain')
      added++
    }
  } finally {
    out.end()
    await once(out, 'close')
    await file.close()
  }
  return file.result(added)
}
