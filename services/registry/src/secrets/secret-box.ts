import { createCipheriv, createDecipheriv, randomBytes, scryptSync } from 'node:crypto'

/** What answers show instead of a secret setting's value; sending it back on a PUT keeps the stored secret. */
export const SECRET_MASK = '********'

const PREFIX = 'v1'
// Binds sealed values to their use: a value sealed for something else does not open as a setting.
const AAD = Buffer.from('ligature.registry.data-source-setting')

/**
 * AES-256-GCM for secret data source settings. The 256-bit key is derived once from LIGATURE_SECRETS_KEY with
 * scrypt, so any long passphrase works. Sealed form: `v1:<iv>:<tag>:<ciphertext>`, each base64.
 */
export function createSecretBox(secretsKey: string) {
  const key = scryptSync(secretsKey, 'ligature-registry-settings', 32)
  return {
    seal(plain: string): string {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(AAD)
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
      return [PREFIX, iv.toString('base64'), cipher.getAuthTag().toString('base64'), data.toString('base64')].join(':')
    },
    /** Throws when the value was not sealed with this key (wrong key or tampered data). */
    open(sealed: string): string {
      const [prefix, iv, tag, data] = sealed.split(':')
      if (prefix !== PREFIX || !iv || !tag || data === undefined) throw new Error('not a sealed value')
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64')).setAAD(AAD)
      decipher.setAuthTag(Buffer.from(tag, 'base64'))
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8')
    },
  }
}
export type SecretBox = ReturnType<typeof createSecretBox>
