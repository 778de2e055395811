import t from 'tap'
import { DEV_SECRETS_KEY, loadRegistryConfig } from './config.js'

t.test('the secrets key has a development default and is validated at boot', async (t) => {
  t.equal(loadRegistryConfig({}).LIGATURE_SECRETS_KEY, DEV_SECRETS_KEY)
  t.throws(() => loadRegistryConfig({ LIGATURE_SECRETS_KEY: 'short' }), /LIGATURE_SECRETS_KEY/)
  t.throws(() => loadRegistryConfig({ NODE_ENV: 'production' }), /must be set in production/)
  t.throws(() => loadRegistryConfig({ NODE_ENV: 'production', LIGATURE_SECRETS_KEY: DEV_SECRETS_KEY, LIGATURE_INTERNAL_SECRET: 'i'.repeat(32) }),
    /LIGATURE_SECRETS_KEY: must be set in production/, 'the public default set explicitly is refused too')
  const key = 'k'.repeat(40)
  t.equal(loadRegistryConfig({ NODE_ENV: 'production', LIGATURE_SECRETS_KEY: key, LIGATURE_INTERNAL_SECRET: 'i'.repeat(32) }).LIGATURE_SECRETS_KEY, key)
})
