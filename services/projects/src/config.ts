import { Type } from '@sinclair/typebox'
import { internalSecretSetting, listenHostSetting, loadConfig, secretsKeySetting } from '@ligature/service-kit'

export const ProjectsConfigSchema = Type.Object({
  PROJECTS_PORT: Type.Integer({ default: 8082 }),
  LIGATURE_LISTEN_HOST: listenHostSetting(),
  DATABASE_URL: Type.String({ default: 'postgres://postgres@127.0.0.1:5432/ligature' }),
  NATS_URL: Type.String({ default: 'nats://127.0.0.1:4222' }),
  LIGATURE_NATS_NAMESPACE: Type.String({ default: '', pattern: '^[A-Za-z0-9_-]*$' }),
  REGISTRY_URL: Type.String({ default: 'http://127.0.0.1:8081' }),
  LIGATURE_INTERNAL_SECRET: internalSecretSetting(),
  /** Seals each extraction project's masking key (AES-256-GCM). Changing it makes snapshot keys unreproducible. */
  LIGATURE_SECRETS_KEY: secretsKeySetting(),
})

export const loadProjectsConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig('projects', ProjectsConfigSchema, env)
