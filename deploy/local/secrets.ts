// Secrets of one local installation: generated on first start into .data (mode 0600) and reused, so the
// processes agree with each other and across restarts, and no two installations share the public defaults.
import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'

const SECRETS = { LIGATURE_INTERNAL_SECRET: 'internal-secret', LIGATURE_SECRETS_KEY: 'secrets-key' } as const

function readOrCreate(file: string): string {
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  const secret = randomBytes(32).toString('base64url')
  writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' })
  return secret
}

/** The environment's own values win; otherwise each secret comes from (or is created in) `dataDir`. */
export function installationSecrets(dataDir: string, env: NodeJS.ProcessEnv): Record<keyof typeof SECRETS, string> {
  const out = {} as Record<keyof typeof SECRETS, string>
  for (const [name, file] of Object.entries(SECRETS) as [keyof typeof SECRETS, string][]) {
    out[name] = env[name] || readOrCreate(resolve(dataDir, file))
  }
  return out
}
