import type { Notification } from '@ligature/contracts'
import type { NotificationRow } from '../db.js'

export const toNotification = (r: NotificationRow): Notification => ({
  id: r.id, logLevel: r.log_level, message: r.message, attachmentFilename: r.attachment_filename, createdOn: r.created_on.toISOString(),
})
