import { Type } from '@sinclair/typebox'
import { ConfigError, DEV_SECRETS_KEY, loadConfig } from '@ligature/service-kit'

export const ProjectsConfigSchema = Type.Object({
  PROJECTS_PORT: Type.Integer({ default: 8082 }),
  DATABASE_URL: Type.String({ default: 'postgres://postgres@127.0.0.1:5432/ligature' }),
  NATS_URL: Type.String({ default: 'nats://127.0.0.1:4222' }),
  LIGATURE_NATS_NAMESPACE: Type.String({ default: '', pattern: '^[A-Za-z0-9_-]*$' }),
  REGISTRY_URL: Type.String({ default: 'http://127.0.0.1:8081' }),
  LIGATURE_INTERNAL_SECRET: Type.String({ minLength: 16, default: 'ligature-dev-internal-secret' }),
  /** Seals each extraction project's masking key (AES-256-GCM). Changing it makes snapshot keys unreproducible. */
  LIGATURE_SECRETS_KEY: Type.String({ minLength: 32, default: DEV_SECRETS_KEY }),
})

export function loadProjectsConfig(env: NodeJS.ProcessEnv = process.env) {
  const config = loadConfig('projects', ProjectsConfigSchema, env)
  if (env.NODE_ENV === 'production' && config.LIGATURE_SECRETS_KEY === DEV_SECRETS_KEY) {
    throw new ConfigError('projects', ['LIGATURE_SECRETS_KEY: must be set in production (the development default is public)'])
  }
  return config
}
