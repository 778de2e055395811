import { mkdir, rm } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { heartbeat } from '@temporalio/activity'
import type pg from 'pg'
import { DERIVED_LINKAGE_FIELDS } from '@ligature/contracts/defaults'
import { ResultsInternal } from '@ligature/contracts/internal'
import type { Estimate, EstimationDocument } from '@ligature/contracts'
import { estimateParameters, type NeighbourhoodRule } from '@ligature/engine'
import type { ConfigClient } from '../clients/config-client.js'
import { internalClient, type ServiceClient } from '../clients/service-client.js'
import { estimationTable } from '../estimation/estimation-table.js'
import { stageFile } from '../estimation/stage-file.js'
import type { FilePlan } from '../pipeline/envelope-plan.js'
import { fieldsUsed, strategiesFromMatchConfig } from '../pipeline/match-config.js'
import { ensureRecordStore } from '../records/record-schema.js'
import { withClient } from '../records/with-client.js'

export interface EstimationDeps { config: ConfigClient; results: ServiceClient; pool: pg.Pool; dataDir: string; neighbourhood?: NeighbourhoodRule }

/** Seed of the u sample: fixed, so the same envelope against the same project gives the same estimate. */
export const ESTIMATION_SEED = 1

/** Activities of a probability estimation envelope: stage each file, estimate, store the result, clean up. */
export function estimationActivities({ config, results, pool, dataDir, neighbourhood }: EstimationDeps) {
  const stagingDir = (envelopeName: string) => resolve(dataDir, 'estimation', envelopeName.replace(/[^A-Za-z0-9._-]/g, '_'))
  return {
    async stageEstimationFile(input: { envelopeName: string; folder: string; file: FilePlan }) {
      const dir = stagingDir(input.envelopeName)
      await mkdir(dir, { recursive: true })
      return stageFile({
        folder: input.folder, file: input.file, stagingPath: join(dir, `${input.file.fileIndex}.tsv`),
        reportDir: resolve(dataDir, 'reports'), reportName: `${input.envelopeName}-${input.file.fileIndex + 1}-invalid-rows.csv`,
      }, (rows) => heartbeat(rows))
    },
    /** EM over the staged records against the project's records; the document is stored by the results service. */
    async estimateProbabilities(input: { envelopeName: string; projectId: number; projectCode: string; sender: string; fileIndexes: number[] }): Promise<{ estimate: Estimate; document: EstimationDocument }> {
      const timer = setInterval(() => heartbeat(), 5_000)
      try {
        const strategies = strategiesFromMatchConfig(await config.matchConfig(input.projectId), neighbourhood)
        const paths = input.fileIndexes.map((i) => join(stagingDir(input.envelopeName), `${i}.tsv`))
        const { table } = await withClient(pool, async (client) =>
          estimationTable(client, await ensureRecordStore(client, input.projectId), fieldsUsed(strategies), paths))
        const result = estimateParameters(table, strategies, { seed: ESTIMATION_SEED, derivedFrom: DERIVED_LINKAGE_FIELDS })
        const document: EstimationDocument = {
          format: 'ligature-probability-estimation/1', envelopeName: input.envelopeName, projectCode: input.projectCode,
          sender: input.sender, createdAt: new Date().toISOString(), ...result,
        }
        const estimate = await internalClient(results)(ResultsInternal.createEstimate, { body: document })
        return { estimate, document }
      } finally { clearInterval(timer) }
    },
    async removeEstimationStaging(envelopeName: string) {
      await rm(stagingDir(envelopeName), { recursive: true, force: true })
    },
  }
}
