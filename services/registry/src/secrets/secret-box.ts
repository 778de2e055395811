import { createSecretBox as createBox, type SecretBox } from '@ligature/service-kit'

/** What answers show instead of a secret setting's value; sending it back on a PUT keeps the stored secret. */
export const SECRET_MASK = '********'

/** Secret data source settings, sealed with the kit's secret box under the registry's own purpose. */
export const createSecretBox = (secretsKey: string): SecretBox =>
  createBox(secretsKey, { salt: 'ligature-registry-settings', aad: 'ligature.registry.data-source-setting' })
export type { SecretBox }
