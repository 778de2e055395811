import type { Kysely } from 'kysely'
import type { LinkageField } from '@ligature/contracts'
import { pageWithTotal, type Page } from '@ligature/service-kit'
import type { ProjectsDb } from '../db.js'

/** A project's own copy of the linkage fields, in the order they were copied from the defaults. */
export async function listLinkageFields(db: Kysely<ProjectsDb>, projectId: number, page?: Page): Promise<{ items: LinkageField[]; total: number }> {
  const q = db.selectFrom('linkage_fields').where('project_id', '=', projectId)
  const { rows, total } = await pageWithTotal(q, (f) => f.selectAll().orderBy('position'), page)
  return {
    items: rows.map((r) => ({ name: r.name, displayName: r.display_name, maxLength: r.max_length, canSpecifyFormat: r.can_specify_format, formatHint: r.format_hint })),
    total,
  }
}
