import type { Kysely, Transaction } from 'kysely'
import { pageWithTotal, isAdmin, type Page, type Principal } from '@ligature/service-kit'
import type { EnvelopesDb, JobRow, JobStat, JobState } from '../db.js'
import { scopeCodes } from '../scope.js'

type Db = Kysely<EnvelopesDb> | Transaction<EnvelopesDb>

/**
 * Jobs are visible with their project, or with their envelope (whose project is in scope, or which the
 * caller uploaded: the validation job runs before the envelope's project is known).
 */
function visibleJobs(db: Kysely<EnvelopesDb>, p: Principal) {
  const q = db.selectFrom('jobs').leftJoin('envelopes', 'envelopes.name', 'jobs.envelope_name')
  if (isAdmin(p)) return q
  const codes = scopeCodes(p)
  return q.where((eb) => eb.or([
    eb('jobs.project_code', 'in', codes), eb('envelopes.project_code', 'in', codes), eb('envelopes.uploaded_by', '=', p.tokenId),
  ]))
}

export async function listJobs(db: Kysely<EnvelopesDb>, p: Principal, page: Page, envelopeName?: string) {
  let q = visibleJobs(db, p)
  if (envelopeName !== undefined) q = q.where('jobs.envelope_name', '=', envelopeName)
  // All jobs: newest first; one envelope's jobs: in the order they ran.
  return pageWithTotal(q, (f) => f.selectAll('jobs').orderBy('jobs.id', envelopeName === undefined ? 'desc' : 'asc'), page)
}

export const findVisibleJob = (db: Kysely<EnvelopesDb>, p: Principal, id: number): Promise<JobRow | undefined> =>
  visibleJobs(db, p).selectAll('jobs').where('jobs.id', '=', id).executeTakeFirst()

export interface NewJob {
  name: string; envelopeName?: string; linkageId?: number; workflowId?: number; projectId?: number; projectCode?: string
  projectName?: string; dataProviderId?: number; dataProviderName?: string; eventTypeId?: number; requestKey?: string
}

/**
 * A new Processing job, or, when its request key started one already (the same activity run again), that job:
 * answers the id and whether it is new. The key's unique index decides, so two starts racing make one job.
 */
export async function insertJob(db: Db, job: NewJob): Promise<{ id: number; created: boolean }> {
  const row = await db.insertInto('jobs').values({
    name: job.name, state: 'Processing', processing_start: new Date(), processing_finish: null,
    project_id: job.projectId ?? null, project_code: job.projectCode ?? null, project_name: job.projectName ?? null,
    data_provider_id: job.dataProviderId ?? null, data_provider_name: job.dataProviderName ?? null, event_type_id: job.eventTypeId ?? null,
    envelope_name: job.envelopeName ?? null, linkage_id: job.linkageId ?? null, workflow_id: job.workflowId ?? null, stats: '[]',
    request_key: job.requestKey ?? null,
  }).onConflict((oc) => oc.column('request_key').where('request_key', 'is not', null).doNothing()).returning('id').executeTakeFirst()
  if (row) return { id: row.id, created: true }
  if (job.requestKey === undefined) throw new Error('A job insert without a request key returned no row.')
  const existing = await db.selectFrom('jobs').select('id').where('request_key', '=', job.requestKey).executeTakeFirstOrThrow()
  return { id: existing.id, created: false }
}

export const updateJob = (db: Db, id: number, set: { state: JobState; stats?: JobStat[]; processing_finish?: Date }) =>
  db.updateTable('jobs').set({
    state: set.state,
    ...(set.stats !== undefined ? { stats: JSON.stringify(set.stats) } : {}),
    ...(set.processing_finish !== undefined ? { processing_finish: set.processing_finish } : {}),
  }).where('id', '=', id).returningAll().executeTakeFirst()
