import { Type } from '@sinclair/typebox'
import { DEV_SECRETS_KEY, internalSecretSetting, listenHostSetting, loadConfig, secretsKeySetting } from '@ligature/service-kit'

/** Development default only: loadConfig refuses it in production. */
export { DEV_SECRETS_KEY }

export const RegistryConfigSchema = Type.Object({
  REGISTRY_PORT: Type.Integer({ default: 8081 }),
  LIGATURE_LISTEN_HOST: listenHostSetting(),
  DATABASE_URL: Type.String({ default: 'postgres://postgres@127.0.0.1:5432/ligature' }),
  NATS_URL: Type.String({ default: 'nats://127.0.0.1:4222' }),
  LIGATURE_NATS_NAMESPACE: Type.String({ default: '', pattern: '^[A-Za-z0-9_-]*$' }),
  LIGATURE_INTERNAL_SECRET: internalSecretSetting(),
  /** Encrypts secret data source settings (AES-256-GCM, key derived with scrypt). Changing it makes stored secrets unreadable. */
  LIGATURE_SECRETS_KEY: secretsKeySetting(),
})

export const loadRegistryConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig('registry', RegistryConfigSchema, env)
export type RegistryConfig = ReturnType<typeof loadRegistryConfig>
