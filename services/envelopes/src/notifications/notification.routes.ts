import { envelopesRoutes } from '@ligature/contracts'
import { createReadStream } from 'node:fs'
import { access } from 'node:fs/promises'
import type { Kysely } from 'kysely'
import { handlersOf, isAdmin, notFound, type Principal } from '@ligature/service-kit'
import type { EnvelopesDb } from '../db.js'
import { toNotification } from './notification.service.js'

/** Notifications are visible with their envelope's project (or to the envelope's uploader). */
async function findVisible(db: Kysely<EnvelopesDb>, p: Principal, id: number) {
  const row = await db.selectFrom('notifications').leftJoin('envelopes', 'envelopes.name', 'notifications.envelope_name')
    .selectAll('notifications').select(['envelopes.uploaded_by', 'envelopes.project_code as envelope_project'])
    .where('notifications.id', '=', id).executeTakeFirst()
  const project = row?.project_code ?? row?.envelope_project ?? null
  if (!row || !(isAdmin(p) || (project !== null && p.projects.includes(project)) || row.uploaded_by === p.tokenId)) throw notFound('Notification')
  return row
}

export const notificationHandlers = (db: Kysely<EnvelopesDb>) => handlersOf(envelopesRoutes)({
  getNotification: async ({ principal, params }) => toNotification(await findVisible(db, principal, params.id)),
  downloadNotification: async ({ principal, params, reply }) => {
    const row = await findVisible(db, principal, params.id)
    if (!row.attachment_path || !row.attachment_filename) throw notFound('Notification')
    // A destruction of record data removes an envelope's reports: the attachment is gone for good.
    if (!(await access(row.attachment_path).then(() => true, () => false))) throw notFound('Notification')
    reply.header('content-type', 'application/octet-stream')
    reply.header('content-disposition', `attachment; filename="${row.attachment_filename.replace(/[^A-Za-z0-9._-]/g, '_')}"`)
    return reply.send(createReadStream(row.attachment_path))
  },
})
