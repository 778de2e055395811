import { rm } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { ApplicationFailure } from '@temporalio/activity'
import { EnvelopeRejected } from '../loading/envelope/rejection.js'
import { extractEnvelope } from '../loading/envelope/extract-zip.js'
import { readEnvelopeManifest } from '../loading/envelope/read-manifest.js'
import type { EnvelopesClient, EnvelopeStatePatch, LogLevel } from '../clients/envelopes-client.js'
import { activityRequestKey } from './request-key.js'

export interface EnvelopeActivityDeps { envelopes: EnvelopesClient; dataDir: string }

/** Envelope rejections are final: retrying a bad zip cannot make it good. */
const rejected = (e: EnvelopeRejected) => ApplicationFailure.nonRetryable(e.message, 'EnvelopeRejected', { code: e.code, details: e.details })

export function envelopeActivities({ envelopes, dataDir }: EnvelopeActivityDeps) {
  const workDir = resolve(dataDir, 'work')
  return {
    async setEnvelopeState(name: string, patch: EnvelopeStatePatch): Promise<void> {
      await envelopes.setState(name, patch)
    },
    async notify(name: string, level: LogLevel, message: string): Promise<void> {
      await envelopes.notify(name, level, message, activityRequestKey())
    },
    /**
     * Extracts the envelope into its work folder under the zip limits and reads its manifest. A retry starts
     * from a clean folder, so a crash mid-extraction leaves nothing behind.
     */
    async inspectEnvelope(input: { name: string; inboxPath: string }) {
      const target = join(workDir, input.name)
      await rm(target, { recursive: true, force: true })
      try {
        const extracted = await extractEnvelope(input.inboxPath, target)
        const manifest = await readEnvelopeManifest(extracted)
        return { entries: extracted.files.length, folder: extracted.folder, manifest }
      } catch (e) {
        if (e instanceof EnvelopeRejected) throw rejected(e)
        throw e
      }
    },
  }
}
