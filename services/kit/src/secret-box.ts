import { createCipheriv, createDecipheriv, randomBytes, scryptSync } from 'node:crypto'

/** Development default of LIGATURE_SECRETS_KEY only: services refuse it in production. */
export const DEV_SECRETS_KEY = 'ligature-dev-secrets-key-not-for-production'

const PREFIX = 'v1'

/**
 * AES-256-GCM for secrets kept in a service's tables. The 256-bit key is derived once from LIGATURE_SECRETS_KEY
 * with scrypt and the purpose's salt; the purpose is also the authenticated data, so a value sealed for one use
 * does not open as another. Sealed form: `v1:<iv>:<tag>:<ciphertext>`, each base64.
 */
export function createSecretBox(secretsKey: string, purpose: { salt: string; aad: string }) {
  const key = scryptSync(secretsKey, purpose.salt, 32)
  const aad = Buffer.from(purpose.aad)
  return {
    seal(plain: string): string {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(aad)
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
      return [PREFIX, iv.toString('base64'), cipher.getAuthTag().toString('base64'), data.toString('base64')].join(':')
    },
    /** Throws when the value was not sealed with this key and purpose (wrong key or tampered data). */
    open(sealed: string): string {
      const [prefix, iv, tag, data] = sealed.split(':')
      if (prefix !== PREFIX || !iv || !tag || data === undefined) throw new Error('not a sealed value')
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64')).setAAD(aad)
      decipher.setAuthTag(Buffer.from(tag, 'base64'))
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8')
    },
  }
}
export type SecretBox = ReturnType<typeof createSecretBox>
