import { Type } from '@sinclair/typebox'
import { internalSecretSetting, listenHostSetting, loadConfig } from '@ligature/service-kit'

export const EnvelopesConfigSchema = Type.Object({
  ENVELOPES_PORT: Type.Integer({ default: 8083 }),
  LIGATURE_LISTEN_HOST: listenHostSetting(),
  DATABASE_URL: Type.String({ default: 'postgres://postgres@127.0.0.1:5432/ligature' }),
  NATS_URL: Type.String({ default: 'nats://127.0.0.1:4222' }),
  LIGATURE_NATS_NAMESPACE: Type.String({ default: '', pattern: '^[A-Za-z0-9_-]*$' }),
  LIGATURE_INTERNAL_SECRET: internalSecretSetting(),
  LIGATURE_DATA_DIR: Type.String({ default: '.data' }),
  LIGATURE_MAX_ENVELOPE_BYTES: Type.Integer({ minimum: 1, default: 2 * 1024 ** 3 }),
  /** How often the drop folder is scanned; a file is claimed once unchanged for 2 s. */
  LIGATURE_DROP_POLL_MS: Type.Integer({ minimum: 100, default: 1000 }),
  PROJECTS_URL: Type.String({ default: 'http://127.0.0.1:8082' }),
  RESULTS_URL: Type.String({ default: 'http://127.0.0.1:8084' }),
})

export const loadEnvelopesConfig = (env?: NodeJS.ProcessEnv) => loadConfig('envelopes', EnvelopesConfigSchema, env)
