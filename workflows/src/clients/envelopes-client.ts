import { EnvelopesInternal, type EnvelopeStateBody } from '@ligature/contracts/internal'
import type { EnvelopeStatusValue } from '@ligature/contracts'
import { internalClient, type ServiceClient } from './service-client.js'

export type EnvelopeStatePatch = EnvelopeStateBody & { status: EnvelopeStatusValue }
export type LogLevel = 'Information' | 'Warning' | 'Error'
export interface NotifyOptions { attachment?: { filename: string; path: string }; requestKey?: string }

export const envelopesClient = (call: ServiceClient) => {
  const internal = internalClient(call)
  return {
    setState: (name: string, patch: EnvelopeStatePatch) => internal(EnvelopesInternal.setEnvelopeState, { params: { name }, body: patch }),
    /** `requestKey`: the activity's (request-key.ts), so the same notification written again is not repeated. */
    notify: (name: string, logLevel: LogLevel, message: string, options: NotifyOptions = {}) =>
      internal(EnvelopesInternal.notifyEnvelope, {
        params: { name },
        body: {
          logLevel, message, ...(options.attachment ? { attachmentFilename: options.attachment.filename, attachmentPath: options.attachment.path } : {}),
          ...(options.requestKey ? { requestKey: options.requestKey } : {}),
        },
      }),
    notifyProject: async (projectCode: string, logLevel: LogLevel, message: string, options: Pick<NotifyOptions, 'requestKey'> = {}) =>
      (await internal(EnvelopesInternal.notifyProject, { body: { projectCode, logLevel, message, ...(options.requestKey ? { requestKey: options.requestKey } : {}) } })).id,
  }
}
export type EnvelopesClient = ReturnType<typeof envelopesClient>
