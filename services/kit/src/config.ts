import { Type, type Static, type TObject, type TString } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'
import { DEV_SECRETS_KEY } from './secret-box.js'

export class ConfigError extends Error {
  constructor(service: string, problems: string[]) {
    super(`${service}: invalid configuration:\n  ${problems.join('\n  ')}`)
    this.name = 'ConfigError'
  }
}

/** Marks a setting whose default is public and serves development only. */
const DEV_ONLY = 'x-ligature-dev-only'

/** Signs the principal the gateway forwards to services; every process of one installation shares it. */
export const DEV_INTERNAL_SECRET = 'ligature-dev-internal-secret'

/** A secret with a public development default, refused when `NODE_ENV=production` (see loadConfig). */
export const devSecret = (development: string, minLength: number): TString =>
  Type.String({ minLength, default: development, [DEV_ONLY]: true })

export const internalSecretSetting = () => devSecret(DEV_INTERNAL_SECRET, 16)
export const secretsKeySetting = () => devSecret(DEV_SECRETS_KEY, 32)

/**
 * The address a service listens on. Services behind the gateway answer on loopback unless told otherwise
 * (the cluster manifests set `LIGATURE_LISTEN_HOST=0.0.0.0` for the pod network); only the gateway is public.
 */
export const listenHostSetting = (fallback: '127.0.0.1' | '0.0.0.0' = '127.0.0.1') => Type.String({ minLength: 1, default: fallback })

/**
 * Reads configuration from the environment once, at boot, against a TypeBox schema whose keys are the
 * variable names. Defaults fill gaps, strings are converted to the declared types, and any problem stops
 * the process before it serves a request. In production a secret left at its development default is a
 * problem too. The result is frozen.
 */
export function loadConfig<S extends TObject>(service: string, schema: S, env: NodeJS.ProcessEnv = process.env): Readonly<Static<S>> {
  const raw: Record<string, unknown> = {}
  for (const key of Object.keys(schema.properties)) if (env[key] !== undefined && env[key] !== '') raw[key] = env[key]
  const value = Value.Convert(schema, Value.Default(schema, raw))
  const problems = [...Value.Errors(schema, value)].map((e) => `${e.path.slice(1) || '(root)'}: ${e.message}`)
  if (env.NODE_ENV === 'production') {
    for (const [key, setting] of Object.entries(schema.properties)) {
      if (setting[DEV_ONLY] === true && (value as Record<string, unknown>)[key] === setting.default) problems.push(`${key}: must be set in production (the development default is public)`)
    }
  }
  if (problems.length > 0) throw new ConfigError(service, problems)
  return Object.freeze(value as Static<S>)
}
