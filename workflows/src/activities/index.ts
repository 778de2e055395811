import pg from 'pg'
import type { NeighbourhoodRule } from '@ligature/engine'
import { join } from 'node:path'
import { surviveLostConnections } from '@ligature/service-kit'
import { createServiceClient } from '../clients/service-client.js'
import { envelopesClient } from '../clients/envelopes-client.js'
import { registryClient } from '../clients/registry-client.js'
import { configClient, dataSourceClient } from '../clients/config-client.js'
import { sourcesActivities } from './sources.activities.js'
import { jobsClient } from '../clients/jobs-client.js'
import { envelopeActivities } from './envelope.activities.js'
import { deletionActivities } from './deletion.activities.js'
import { pipelineActivities } from './pipeline.activities.js'
import { linkActivities } from './link.activities.js'
import { extractionActivities } from './extraction.activities.js'
import { mapChangeActivities } from './map-change.activities.js'
import { withdrawalActivities } from './withdrawal.activities.js'
import { p2pActivities } from './p2p.activities.js'
import { fastLoadActivities } from './fastload.activities.js'
import { lockActivities, type LockDeps } from './lock.activities.js'
import { reviewActivities } from './review.activities.js'
import { resultsClient } from '../clients/results-client.js'
import { estimationActivities } from './estimation.activities.js'
import { lineageActivities } from './lineage.activities.js'

export interface ActivityDeps {
  envelopesUrl: string
  registryUrl: string
  projectsUrl: string
  /** The results service: extractions and their result files. */
  resultsUrl: string
  internalSecret: string
  dataDir: string
  /** The database holding the per-project record stores. */
  databaseUrl: string
  /** Block partitions of an on-disk linkage (activities that may run on different workers). */
  linkPartitions: number
  /** Whether touched reads may use the project's cached records (LIGATURE_RECORD_CACHE); on unless told. */
  recordCache?: boolean
  /** Parse threads per loaded file (0 or absent: one per core). */
  loadThreads?: number
  /** How linkages compare blocks too large to compare whole (LIGATURE_BLOCK_CAP, LIGATURE_BLOCK_WINDOW); the engine's defaults when absent. */
  neighbourhood?: NeighbourhoodRule
  /** Temporal, for the project locks (absent in tools that never change a map). */
  lock?: LockDeps
}

/** Every activity the worker registers, built from its dependencies (the samples' factory shape). */
export function createActivities(deps: ActivityDeps) {
  const call = (url: string) => createServiceClient(url, deps.internalSecret)
  const envelopes = envelopesClient(call(deps.envelopesUrl))
  const config = configClient(call(deps.registryUrl), call(deps.projectsUrl))
  // Idle connections are kept for ten minutes, not pg's ten seconds: a new Postgres backend maps the shared buffers
  // page by page as it touches them, and on the sandboxed VMs measured here that costs up to 0.7 s per backend
  // (a 551,647-row scan: 925 ms in a new backend, 190 ms in a used one). Envelopes minutes apart reuse warm ones.
  // Table snapshots and the projects' cached records (link.activities.ts), in a folder every worker shares.
  const tableDir = join(deps.dataDir, 'linkage-tables')
  const pool = surviveLostConnections(new pg.Pool({ connectionString: deps.databaseUrl, max: 8, idleTimeoutMillis: 600_000, allowExitOnIdle: true }))
  return {
    ...envelopeActivities({ envelopes, dataDir: deps.dataDir }),
    ...deletionActivities({ registry: registryClient(call(deps.registryUrl)) }),
    ...sourcesActivities({ config, dataSource: dataSourceClient(call(deps.registryUrl)), dataDir: deps.dataDir }),
    ...pipelineActivities({
      config, jobs: jobsClient(call(deps.envelopesUrl)),
      envelopes, pool, dataDir: deps.dataDir, loadThreads: deps.loadThreads,
    }),
    ...linkActivities({ config, pool, partitions: deps.linkPartitions, tableDir, recordCache: deps.recordCache ?? true, neighbourhood: deps.neighbourhood }),
    ...p2pActivities({ config, pool, neighbourhood: deps.neighbourhood }),
    ...fastLoadActivities({ config, pool }),
    ...(deps.lock ? lockActivities(deps.lock) : { requestProjectLock: lockUnavailable }),
    ...mapChangeActivities({ config, jobs: jobsClient(call(deps.envelopesUrl)), envelopes, pool, dataDir: deps.dataDir, tableDir }),
    ...withdrawalActivities({ config, pool }),
    ...estimationActivities({ config, results: call(deps.resultsUrl), pool, dataDir: deps.dataDir, neighbourhood: deps.neighbourhood }),
    ...reviewActivities({ config, pool, dataDir: deps.dataDir, results: call(deps.resultsUrl) }),
    ...lineageActivities({ config, results: resultsClient(call(deps.resultsUrl), call(deps.projectsUrl)), pool }),
    ...extractionActivities({
      results: resultsClient(call(deps.resultsUrl), call(deps.projectsUrl)), config, envelopes, pool,
      resultsUrl: deps.resultsUrl, internalSecret: deps.internalSecret, dataDir: deps.dataDir,
    }),
  }
}

async function lockUnavailable(_ticket: { projectCode: string; workflowId: string; token: string }): Promise<string> {
  throw new Error('this process was built without a Temporal client for project locks')
}
