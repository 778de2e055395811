import { statSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { installationSecrets } from './secrets.js'

t.test('an installation gets its own secrets once, private to its owner, and keeps them', async (t) => {
  const dir = t.testdir()
  const first = installationSecrets(dir, {})
  t.ok(first.LIGATURE_INTERNAL_SECRET.length >= 32 && first.LIGATURE_SECRETS_KEY.length >= 32)
  t.not(first.LIGATURE_INTERNAL_SECRET, first.LIGATURE_SECRETS_KEY)
  t.same(installationSecrets(dir, {}), first, 'the second start reuses them')
  t.equal(statSync(join(dir, 'internal-secret')).mode & 0o777, 0o600)
  t.not(installationSecrets(t.testdir(), {}).LIGATURE_INTERNAL_SECRET, first.LIGATURE_INTERNAL_SECRET, 'another installation differs')
  t.equal(installationSecrets(dir, { LIGATURE_INTERNAL_SECRET: 'from-the-environment-xx' }).LIGATURE_INTERNAL_SECRET, 'from-the-environment-xx')
})
