import { Value } from '@sinclair/typebox/value'
import type { Static, TObject } from '@sinclair/typebox'

export class ConfigError extends Error {
  constructor(service: string, problems: string[]) {
    super(`${service}: invalid configuration:\n  ${problems.join('\n  ')}`)
    this.name = 'ConfigError'
  }
}

/**
 * Reads configuration from the environment once, at boot, against a TypeBox schema whose keys are the
 * variable names. Defaults fill gaps, strings are converted to the declared types, and any problem stops
 * the process before it serves a request. The result is frozen.
 */
export function loadConfig<S extends TObject>(service: string, schema: S, env: NodeJS.ProcessEnv = process.env): Readonly<Static<S>> {
  const raw: Record<string, unknown> = {}
  for (const key of Object.keys(schema.properties)) if (env[key] !== undefined && env[key] !== '') raw[key] = env[key]
  const value = Value.Convert(schema, Value.Default(schema, raw))
  const problems = [...Value.Errors(schema, value)].map((e) => `${e.path.slice(1) || '(root)'}: ${e.message}`)
  if (problems.length > 0) throw new ConfigError(service, problems)
  return Object.freeze(value as Static<S>)
}
