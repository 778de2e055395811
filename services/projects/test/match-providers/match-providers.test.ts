import t from 'tap'
import { caller, startPlatform, UNAUTHORIZED } from '../support.js'

const platform = await startPlatform()
t.teardown(() => platform.close())
const call = caller(platform)
const scoped = await platform.token('viewer', ['ANY'])

t.test('two providers, Standard the default', async (t) => {
  const list = await call('GET', '/matchproviders', undefined, scoped)
  t.equal(list.status, 200)
  t.equal(list.headers.get('x-total-count'), '2')
  t.same(list.json.map((p: { name: string; isDefault: boolean }) => [p.name, p.isDefault]), [['Standard', true], ['Privacy', false]])
  t.same((await call('GET', '/matchproviders?limit=1&offset=1')).json.map((p: { name: string }) => p.name), ['Privacy'])
  t.match((await call('GET', '/matchproviders/Privacy')).json, { name: 'Privacy', description: String, isDefault: false })
  t.same((await call('GET', '/matchproviders/Fuzzy')).json, { message: 'Match provider resource can not be found.' })
})

t.test('fields name their linkage field and comparisons', async (t) => {
  const standard = await call('GET', '/matchproviders/Standard/fields?limit=1000')
  t.equal(standard.status, 200)
  const byName = new Map(standard.json.map((f: { name: string }) => [f.name, f]))
  t.match(byName.get('givenName'), { linkageFieldName: 'givenName', availableComparisons: ['Exact', 'JaroWinkler', 'Levenshtein'] })
  t.match(byName.get('doby'), { linkageFieldName: 'dateOfBirth', availableComparisons: ['Exact'] })
  t.notOk(byName.has('surnameBloom'))
  const privacy = (await call('GET', '/matchproviders/Privacy/fields?limit=1000')).json
  t.match(privacy.find((f: { name: string }) => f.name === 'surnameBloom'), { linkageFieldName: 'surname', availableComparisons: ['Bloom'] })
  t.equal(privacy.length, standard.json.length + 6)
  t.equal((await call('GET', '/matchproviders/Nope/fields')).status, 404)
})

t.test('comparison types carry their property names', async (t) => {
  const types = (await call('GET', '/matchproviders/Privacy/comparisontypes')).json
  t.same(types.map((c: { name: string; properties: string[] }) => [c.name, c.properties]), [
    ['Exact', []], ['JaroWinkler', ['threshold', 'prefixScale']], ['Levenshtein', ['maxDistance']],
    ['Date', ['toleranceDays', 'allowDayMonthSwap', 'digitTypos']], ['Bloom', ['threshold']],
  ])
  t.notOk((await call('GET', '/matchproviders/Standard/comparisontypes')).json.some((c: { name: string }) => c.name === 'Bloom'))
  t.equal((await call('GET', '/matchproviders/Nope/comparisontypes')).status, 404)
})

t.test('every call needs a token', async (t) => {
  for (const path of ['/matchproviders', '/matchproviders/Standard', '/matchproviders/Standard/fields', '/matchproviders/Standard/comparisontypes']) {
    t.same((await call('GET', path, undefined, null)).json, UNAUTHORIZED, path)
  }
})
