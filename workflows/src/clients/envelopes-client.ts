import type { EnvelopeStatusValue } from '@ligature/contracts'
import type { ServiceClient } from './service-client.js'

export interface EnvelopeStatePatch { status: EnvelopeStatusValue; type?: number; projectCode?: string | null; sender?: string | null }
export type LogLevel = 'Information' | 'Warning' | 'Error'

export const envelopesClient = (call: ServiceClient) => ({
  setState: (name: string, patch: EnvelopeStatePatch) =>
    call('PUT', `/internal/envelopes/${encodeURIComponent(name)}/state`, patch),
  notify: (name: string, logLevel: LogLevel, message: string, attachment?: { filename: string; path: string }) =>
    call('POST', `/internal/envelopes/${encodeURIComponent(name)}/notifications`, {
      logLevel, message, ...(attachment ? { attachmentFilename: attachment.filename, attachmentPath: attachment.path } : {}),
    }),
  notifyProject: async (projectCode: string, logLevel: LogLevel, message: string) =>
    (await call<{ id: number }>('POST', '/internal/notifications', { projectCode, logLevel, message })).id,
})
export type EnvelopesClient = ReturnType<typeof envelopesClient>
