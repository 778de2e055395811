import { EnvelopesInternal, type EnvelopeStateBody } from '@ligature/contracts/internal'
import type { EnvelopeStatusValue } from '@ligature/contracts'
import { internalClient, type ServiceClient } from './service-client.js'

export type EnvelopeStatePatch = EnvelopeStateBody & { status: EnvelopeStatusValue }
export type LogLevel = 'Information' | 'Warning' | 'Error'

export const envelopesClient = (call: ServiceClient) => {
  const internal = internalClient(call)
  return {
    setState: (name: string, patch: EnvelopeStatePatch) => internal(EnvelopesInternal.setEnvelopeState, { params: { name }, body: patch }),
    notify: (name: string, logLevel: LogLevel, message: string, attachment?: { filename: string; path: string }) =>
      internal(EnvelopesInternal.notifyEnvelope, {
        params: { name },
        body: { logLevel, message, ...(attachment ? { attachmentFilename: attachment.filename, attachmentPath: attachment.path } : {}) },
      }),
    notifyProject: async (projectCode: string, logLevel: LogLevel, message: string) =>
      (await internal(EnvelopesInternal.notifyProject, { body: { projectCode, logLevel, message } })).id,
  }
}
export type EnvelopesClient = ReturnType<typeof envelopesClient>
