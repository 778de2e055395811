import { Type } from '@sinclair/typebox'
import { internalSecretSetting, listenHostSetting, loadConfig } from '@ligature/service-kit'

export const ResultsConfigSchema = Type.Object({
  RESULTS_PORT: Type.Integer({ default: 8084 }),
  LIGATURE_LISTEN_HOST: listenHostSetting(),
  DATABASE_URL: Type.String({ default: 'postgres://postgres@127.0.0.1:5432/ligature' }),
  NATS_URL: Type.String({ default: 'nats://127.0.0.1:4222' }),
  LIGATURE_NATS_NAMESPACE: Type.String({ default: '', pattern: '^[A-Za-z0-9_-]*$' }),
  LIGATURE_INTERNAL_SECRET: internalSecretSetting(),
  /** The projects service, read to check extraction requests (extraction project, project, member event type). */
  PROJECTS_URL: Type.String({ default: 'http://127.0.0.1:8082' }),
  /** The results volume: result zips live here, one file per result (a PersistentVolumeClaim in deploy/). */
  LIGATURE_RESULTS_DIR: Type.String({ minLength: 1, default: '.data/results' }),
})

export const loadResultsConfig = (env?: NodeJS.ProcessEnv) => loadConfig('results', ResultsConfigSchema, env)
