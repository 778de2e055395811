import type { Kysely } from 'kysely'
import type { EnvelopesDb } from '../db.js'

export interface NewNotification {
  envelopeName: string | null; projectCode: string | null; logLevel: string; message: string
  attachmentFilename?: string; attachmentPath?: string; requestKey?: string
}

/**
 * A new notification, or, when its request key wrote one already (the same activity run again), that one:
 * answers the id and whether it is new. The key's unique index decides, so two calls racing write one.
 */
export async function insertNotification(db: Kysely<EnvelopesDb>, n: NewNotification): Promise<{ id: number; created: boolean }> {
  const row = await db.insertInto('notifications').values({
    envelope_name: n.envelopeName, project_code: n.projectCode, log_level: n.logLevel, message: n.message,
    attachment_filename: n.attachmentFilename ?? null, attachment_path: n.attachmentPath ?? null, request_key: n.requestKey ?? null,
  }).onConflict((oc) => oc.column('request_key').where('request_key', 'is not', null).doNothing()).returning('id').executeTakeFirst()
  if (row) return { id: row.id, created: true }
  if (n.requestKey === undefined) throw new Error('A notification insert without a request key returned no row.')
  const existing = await db.selectFrom('notifications').select('id').where('request_key', '=', n.requestKey).executeTakeFirstOrThrow()
  return { id: existing.id, created: false }
}
