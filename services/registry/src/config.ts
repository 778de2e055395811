import { Type } from '@sinclair/typebox'
import { ConfigError, DEV_SECRETS_KEY, loadConfig } from '@ligature/service-kit'

/** Development default only: production must set its own (checked below). */
export { DEV_SECRETS_KEY }

export const RegistryConfigSchema = Type.Object({
  REGISTRY_PORT: Type.Integer({ default: 8081 }),
  DATABASE_URL: Type.String({ default: 'postgres://postgres@127.0.0.1:5432/ligature' }),
  NATS_URL: Type.String({ default: 'nats://127.0.0.1:4222' }),
  LIGATURE_NATS_NAMESPACE: Type.String({ default: '', pattern: '^[A-Za-z0-9_-]*$' }),
  LIGATURE_INTERNAL_SECRET: Type.String({ minLength: 16, default: 'ligature-dev-internal-secret' }),
  /** Encrypts secret data source settings (AES-256-GCM, key derived with scrypt). Changing it makes stored secrets unreadable. */
  LIGATURE_SECRETS_KEY: Type.String({ minLength: 32, default: DEV_SECRETS_KEY }),
})

export function loadRegistryConfig(env: NodeJS.ProcessEnv = process.env) {
  const config = loadConfig('registry', RegistryConfigSchema, env)
  if (env.NODE_ENV === 'production' && config.LIGATURE_SECRETS_KEY === DEV_SECRETS_KEY) {
    throw new ConfigError('registry', ['LIGATURE_SECRETS_KEY: must be set in production (the development default is public)'])
  }
  return config
}
export type RegistryConfig = ReturnType<typeof loadRegistryConfig>
