import { envelopesRoutes } from '@ligature/contracts'
import { basename } from 'node:path'
import type { Kysely } from 'kysely'
import { pageWithTotal, handlersOf, apiError, pageOf, sendPage } from '@ligature/service-kit'
import type { EnvelopesDb } from '../db.js'
import type { EnvelopeService } from './envelope.service.js'
import { toEnvelope } from './envelope.service.js'
import { envelopeNameFromFilename } from './envelope-name.js'
import { toNotification } from '../notifications/notification.service.js'
import type { ResultsClient } from './results-client.js'

export interface UploadLimits { maxBytes: number }

export const envelopeHandlers = (svc: EnvelopeService, db: Kysely<EnvelopesDb>, limits: UploadLimits, results: ResultsClient) => handlersOf(envelopesRoutes)({
  listEnvelopes: async ({ principal, query, reply }) => {
    const { items, total } = await svc.list(principal, pageOf(query))
    return sendPage(reply, items, total)
  },
  getEnvelope: async ({ principal, params }) => toEnvelope(await svc.get(principal, params.name)),
  uploadEnvelope: async ({ principal, request }) => {
    if (!request.isMultipart()) throw apiError('uploadFailed')
    const file = await request.file({ limits: { fileSize: limits.maxBytes, files: 1 } }).catch(() => undefined)
    if (!file || !file.filename) throw apiError('uploadFailed')
    const name = envelopeNameFromFilename(file.filename)
    if (!name) {
      file.file.resume()
      throw apiError('uploadFailed', [{ path: '/file', message: 'The filename must be 1-200 letters, digits, ".", "_" or "-", optionally ending in .zip.' }])
    }
    // A multipart body that breaks off mid-file fails the file stream: that is the client's upload, not a fault here.
    let brokenUpload = false
    file.file.once('error', () => { brokenUpload = true })
    return svc.receive(principal, name, basename(file.filename.replace(/\\/g, '/')), file.file, () => file.file.truncated)
      .catch((err: unknown) => { throw brokenUpload ? apiError('uploadFailed') : err })
  },
  listEnvelopeNotifications: async ({ principal, params, query, reply }) => {
    const env = await svc.get(principal, params.name)
    const page = pageOf(query)
    const q = db.selectFrom('notifications').where('envelope_name', '=', env.name)
    const { rows, total } = await pageWithTotal(q, (f) => f.selectAll().orderBy('id'), page)
    return sendPage(reply, rows.map(toNotification), total)
  },
  listEnvelopeExtractions: async ({ principal, params, query, reply }) => {
    // The envelope's visibility decides (404 Envelope otherwise); its extractions then follow it.
    const env = await svc.get(principal, params.name)
    const { items, total } = await results.extractionsOfEnvelope(env.name, pageOf(query))
    return sendPage(reply, items, total)
  },
})
