import type { Kysely } from 'kysely'
import type { ExtractionColumn, ExtractionSettings } from '@ligature/contracts'
import { apiError, decodeVersion, encodeVersion, type Principal } from '@ligature/service-kit'
import type { ProjectsDb } from '../db.js'
import { readableProject, writableProject } from '../projects/project-access.js'
import { defaultExtractionSettings, settingsProblems } from './extraction-settings.js'

/**
 * The project's "Data Extraction" settings (product behaviour §8.3). Until a project saves its own they are
 * the defaults, with a null version; the first PUT may send null (or no version) and later ones the version read.
 */
export function createExtractionSettingsService(db: Kysely<ProjectsDb>) {
  return {
    async get(p: Principal, ref: string): Promise<ExtractionSettings> {
      const project = await readableProject(db, p, ref)
      const row = await db.selectFrom('extraction_settings').selectAll().where('project_id', '=', project.id).executeTakeFirst()
      if (!row) return { ...defaultExtractionSettings(), version: null }
      return {
        columns: row.columns as { column: ExtractionColumn; name: string }[], delimiter: row.delimiter as ExtractionSettings['delimiter'],
        lastModified: row.last_modified.toISOString(), version: encodeVersion(row.revision),
      }
    },
    async update(p: Principal, ref: string, input: ExtractionSettings): Promise<void> {
      const project = await writableProject(db, p, ref)
      const problems = settingsProblems(input)
      if (problems.length) throw apiError('invalidRequest', problems)
      const expected = decodeVersion(input.version)
      const values = { columns: JSON.stringify(input.columns.map((c) => ({ column: c.column, name: c.name }))), delimiter: input.delimiter }
      // Optimistic concurrency like every other PUT: the version read must still be current (none yet = null).
      const done = await db.transaction().execute(async (trx) => {
        const current = await trx.selectFrom('extraction_settings').select('revision').where('project_id', '=', project.id).forUpdate().executeTakeFirst()
        if (expected !== null && expected !== (current?.revision ?? null)) return false
        if (!current) {
          await trx.insertInto('extraction_settings').values({ project_id: project.id, ...values }).onConflict((oc) => oc.doNothing()).execute()
          return true
        }
        await trx.updateTable('extraction_settings').set({ ...values, revision: current.revision + 1, last_modified: new Date() }).where('project_id', '=', project.id).execute()
        return true
      })
      if (!done) throw apiError('staleVersion')
    },
  }
}
export type ExtractionSettingsService = ReturnType<typeof createExtractionSettingsService>
