import type { Kysely } from 'kysely'
import type { Readable } from 'node:stream'
import { EnvelopeStatus, EnvelopeType, enumName, type Envelope } from '@ligature/contracts'
import { apiError, enqueueEvent, isUniqueViolation, notFound, type Page, type Principal } from '@ligature/service-kit'
import type { EnvelopeRow, EnvelopesDb } from '../db.js'
import { InboxNameTaken, type Inbox } from './inbox.js'
import * as repo from './envelope.repository.js'

export const toEnvelope = (r: EnvelopeRow): Envelope => ({
  name: r.name, displayName: r.display_name, createdDate: r.created_date ? r.created_date.toISOString() : null,
  status: r.status, statusName: enumName(EnvelopeStatus, r.status), type: r.type, typeName: enumName(EnvelopeType, r.type),
})

export function createEnvelopeService(db: Kysely<EnvelopesDb>, inbox: Inbox) {
  return {
    async list(p: Principal, page: Page, projectCode?: string) {
      const { rows, total } = await repo.listEnvelopes(db, p, page, projectCode)
      return { items: rows.map(toEnvelope), total }
    },
    async get(p: Principal, name: string) {
      const row = await repo.findVisibleEnvelope(db, p, name)
      if (!row) throw notFound('Envelope')
      return row
    },
    /**
     * Stores an upload: stream to a part file, publish it under its name, then record the envelope and its
     * `received` event in one transaction. Any failure removes what was written, so no half-envelope remains.
     */
    async receive(p: Principal, name: string, displayName: string, stream: Readable, isTruncated: () => boolean): Promise<Envelope> {
      if (await db.selectFrom('envelopes').select('name').where('name', '=', name).executeTakeFirst()) throw apiError('envelopeNameUsed')
      const { partPath, size } = await inbox.receive(stream)
      if (isTruncated()) { await inbox.discard(partPath); throw apiError('envelopeTooLarge') }
      let finalPath: string
      try {
        finalPath = await inbox.publish(partPath, name)
      } catch (err) {
        if (err instanceof InboxNameTaken) throw apiError('envelopeNameUsed')
        throw err
      }
      try {
        const row = await db.transaction().execute(async (trx) => {
          const inserted = await repo.insertEnvelope(trx, {
            name, display_name: displayName, status: EnvelopeStatus.Pending, size_bytes: size, inbox_path: finalPath, uploaded_by: p.tokenId,
          })
          await enqueueEvent(trx, 'envelopeReceived', { name, displayName, inboxPath: finalPath, sizeBytes: size })
          return inserted
        })
        return toEnvelope(row)
      } catch (err) {
        await inbox.discard(finalPath)
        if (isUniqueViolation(err)) throw apiError('envelopeNameUsed')
        throw err
      }
    },
  }
}
export type EnvelopeService = ReturnType<typeof createEnvelopeService>
