/**
 * Gateway URL and token: `ligature login` stores them in the user's config directory
 * ($XDG_CONFIG_HOME/ligature/config.json, else ~/.config/ligature; %APPDATA%\ligature on Windows), readable by
 * the user only (0600). LIGATURE_URL and LIGATURE_TOKEN override the file, for CI.
 */
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises'
import { homedir } from 'node:os'
import { dirname, join } from 'node:path'
import { CliError } from './errors.js'

export interface Credentials { url: string; token: string }

export function configPath(env: NodeJS.ProcessEnv = process.env): string {
  if (env.LIGATURE_CONFIG) return env.LIGATURE_CONFIG
  const base = env.XDG_CONFIG_HOME || (process.platform === 'win32' && env.APPDATA) || join(homedir(), '.config')
  return join(base, 'ligature', 'config.json')
}

/** `http://host:8080` or a full `…/api/v3.3` URL; stored without the API prefix or a trailing slash. */
export function normaliseUrl(url: string): string {
  let parsed: URL
  try { parsed = new URL(url) } catch { throw new CliError(`${url} is not a URL; give the gateway's address, e.g. http://localhost:8080.`) }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new CliError(`${url} must start with http:// or https://.`)
  return parsed.toString().replace(/\/+$/, '').replace(/\/api\/v3\.3$/, '')
}

export async function saveCredentials(creds: Credentials, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const path = configPath(env)
  await mkdir(dirname(path), { recursive: true, mode: 0o700 })
  await writeFile(path, JSON.stringify({ url: normaliseUrl(creds.url), token: creds.token }, null, 2) + '\n', { mode: 0o600 })
  await chmod(path, 0o600) // writeFile's mode only applies when it creates the file
  return path
}

async function stored(env: NodeJS.ProcessEnv): Promise<Partial<Credentials>> {
  try {
    const json = JSON.parse(await readFile(configPath(env), 'utf8')) as Partial<Credentials>
    return { ...(typeof json.url === 'string' ? { url: json.url } : {}), ...(typeof json.token === 'string' ? { token: json.token } : {}) }
  } catch {
    return {}
  }
}

export async function loadCredentials(env: NodeJS.ProcessEnv = process.env): Promise<Credentials> {
  const file = await stored(env)
  const url = env.LIGATURE_URL || file.url
  const token = env.LIGATURE_TOKEN || file.token
  if (!url || !token) throw new CliError('Not logged in: run `ligature login`, or set LIGATURE_URL and LIGATURE_TOKEN.')
  return { url: normaliseUrl(url), token }
}
