/** The provider's Bloom secret: read from a file (never a command-line argument, which `ps` would show). */
import { readFile } from 'node:fs/promises'
import { CliError } from './errors.js'

export const MIN_SECRET_BYTES = 16

export async function readSecret(path: string): Promise<Uint8Array> {
  let bytes: Buffer
  try { bytes = await readFile(path) } catch { throw new CliError(`Cannot read the secret file ${path}.`) }
  // Editors add a final newline; it is not part of the secret.
  let end = bytes.length
  while (end > 0 && (bytes[end - 1] === 0x0a || bytes[end - 1] === 0x0d)) end--
  const secret = bytes.subarray(0, end)
  if (secret.length < MIN_SECRET_BYTES) throw new CliError(`The secret in ${path} is ${secret.length} bytes; use at least ${MIN_SECRET_BYTES} random bytes (e.g. \`openssl rand -base64 32\`), the same for every provider of the project.`)
  return new Uint8Array(secret)
}
