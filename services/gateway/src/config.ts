import { Type } from '@sinclair/typebox'
import { internalSecretSetting, listenHostSetting, loadConfig } from '@ligature/service-kit'

export const GatewayConfigSchema = Type.Object({
  GATEWAY_PORT: Type.Integer({ default: 8080 }),
  LIGATURE_LISTEN_HOST: listenHostSetting('0.0.0.0'),
  DATABASE_URL: Type.String({ default: 'postgres://postgres@127.0.0.1:5432/ligature' }),
  LIGATURE_INTERNAL_SECRET: internalSecretSetting(),
  REGISTRY_URL: Type.String({ default: 'http://127.0.0.1:8081' }),
  PROJECTS_URL: Type.String({ default: 'http://127.0.0.1:8082' }),
  ENVELOPES_URL: Type.String({ default: 'http://127.0.0.1:8083' }),
  RESULTS_URL: Type.String({ default: 'http://127.0.0.1:8084' }),
})

export const loadGatewayConfig = (env?: NodeJS.ProcessEnv) => loadConfig('gateway', GatewayConfigSchema, env)
