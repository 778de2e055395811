import { sql, type Kysely } from 'kysely'
import type { KeyLineage } from '@ligature/contracts'
import type { KeyLineagePublication } from '@ligature/contracts/internal'
import { pageWithTotal, canSeeProject, notFound, type Page, type Principal } from '@ligature/service-kit'
import type { KeyLineageRow, ResultsDb } from '../db.js'
import type { ProjectsClient } from '../projects/projects-client.js'
import { enduringKey, keyNumberOf } from './enduring-key.js'

export const toKeyLineage = (r: KeyLineageRow): KeyLineage => ({
  projectCode: r.project_code, revision: r.revision, changedAt: r.changed_at.toISOString(),
  fromKey: enduringKey(r.from_key), toKey: r.to_key === null ? null : enduringKey(r.to_key),
  recordsMoved: r.records, fromKeyEnded: r.key_ended, undoneByRevision: r.undone_by, undoneAt: r.undone_at?.toISOString() ?? null,
})

export interface KeyLineageFilter { key?: string | undefined; fromRevision?: number | undefined; includeUndone?: boolean | undefined }

const MAX_ID = 2147483647

/**
 * The key lineage the worker published (it alone reads the record store). A project is named by id or code;
 * one the caller's token does not cover is 404 like one that does not exist, so a scoped token learns nothing.
 */
export function createKeyLineageService(db: Kysely<ResultsDb>, projects: ProjectsClient) {
  async function readableCode(p: Principal, ref: string): Promise<string> {
    const id = /^\d+$/.test(ref) ? Number(ref) : null
    const project = id === null ? await projects.projectByCode(ref) : id >= 1 && id <= MAX_ID ? await projects.projectById(id) : null
    if (!project || !canSeeProject(p, project.code)) throw notFound('Project')
    return project.code
  }
  return {
    /** Oldest first (revision, then keys): the order a key holder applies the moves in. */
    async list(p: Principal, ref: string, page: Page, filter: KeyLineageFilter) {
      const code = await readableCode(p, ref)
      let q = db.selectFrom('key_lineage').where('project_code', '=', code)
      if (!filter.includeUndone) q = q.where('undone_by', 'is', null)
      if (filter.key !== undefined) {
        const n = String(keyNumberOf(filter.key))
        q = q.where((eb) => eb.or([eb('from_key', '=', n), eb('to_key', '=', n)]))
      }
      const from = filter.fromRevision
      // A reader that polls with includeUndone also learns of undos made since: a rollback's revision is later.
      if (from !== undefined) q = filter.includeUndone ? q.where((eb) => eb.or([eb('revision', '>=', from), eb('undone_by', '>=', from)])) : q.where('revision', '>=', from)
      const { rows, total } = await pageWithTotal(q, (f) => f.selectAll().orderBy('revision').orderBy('from_key').orderBy(sql`to_key asc nulls last`), page)
      return { items: rows.map(toKeyLineage), total }
    },
    /** The worker's publication: one row per (project, revision, from key, to key), updated when sent again (the unique index has nulls not distinct). */
    async save(input: KeyLineagePublication): Promise<number> {
      const rows = input.moves.map((m) => ({
        project_code: input.projectCode, revision: m.revision, changed_at: new Date(m.changedAt), from_key: String(m.fromKey),
        to_key: m.toKey === null ? null : String(m.toKey), records: m.records, key_ended: m.keyEnded, undone_by: m.undoneByRevision,
        undone_at: m.undoneAt === null ? null : new Date(m.undoneAt),
      }))
      const result = await db.insertInto('key_lineage').values(rows)
        .onConflict((oc) => oc.columns(['project_code', 'revision', 'from_key', 'to_key']).doUpdateSet((eb) => ({
          changed_at: eb.ref('excluded.changed_at'), records: eb.ref('excluded.records'), key_ended: eb.ref('excluded.key_ended'),
          undone_by: eb.ref('excluded.undone_by'), undone_at: eb.ref('excluded.undone_at'), published_at: new Date(),
        }))).executeTakeFirst()
      return Number(result.numInsertedOrUpdatedRows ?? 0)
    },
  }
}
export type KeyLineageService = ReturnType<typeof createKeyLineageService>
