import t from 'tap'
import { api, startPlatform } from '@ligature/testkit'
import { caller, delimitedSource, eventTypeBody, namedFormatBody, providerBody } from '../fixtures.js'

const platform = await startPlatform()
t.teardown(() => platform.close())
const call = caller(platform)
const providerId = (await call('POST', '/dataproviders', providerBody('WAHEALTH'))).json.id as number

const fixedWidth = {
  name: 'Death register (fixed width)', columnType: 1, columns: [
    { name: 'Registration number', linkageField: 'sourceUniqueId', startPosition: 1, endPosition: 10 },
    { name: 'Surname', linkageField: 'surname', startPosition: 11, endPosition: 50 },
    { name: 'Date of birth', linkageField: 'dateOfBirth', startPosition: 91, endPosition: 98, format: 'yyyyMMdd' },
  ],
}
const byIndex = {
  name: 'Births by index', columnType: 2, columns: [
    { name: 'id', linkageField: 'sourceUniqueId', index: 1 }, { name: 'given', linkageField: 'givenName', index: 3 },
  ],
}

t.test('create, list, read and update import formats of every column type', async (t) => {
  const named = await call('POST', '/importformats', namedFormatBody('Admissions CSV'))
  t.equal(named.status, 201)
  t.match(named.json, { id: Number, name: 'Admissions CSV', columnType: 3, columnTypeName: 'DelimitedByName', version: String, lastModified: String })
  t.match(named.json.columns, namedFormatBody('x').columns.map((c) => ({ ...c, id: Number })))
  const fixed = await call('POST', '/importformats', fixedWidth)
  t.match(fixed.json, { ...fixedWidth, columnTypeName: 'FixedWidth' })
  const indexed = await call('POST', '/importformats', { ...byIndex, columnTypeName: 'ignored' })
  t.match(indexed.json, { ...byIndex, columnTypeName: 'DelimitedByIndex' })

  const list = await call('GET', '/importformats')
  t.equal(list.headers.get('x-total-count'), '3')
  t.same(list.json, [named.json, fixed.json, indexed.json])
  t.same((await call('GET', `/importformats/${fixed.json.id}`)).json, fixed.json)

  const body = { ...fixedWidth, name: 'Deaths (fixed width)', columns: fixedWidth.columns.slice(0, 2), version: fixed.json.version }
  t.equal((await call('PUT', `/importformats/${fixed.json.id}`, body)).status, 204)
  const after = (await call('GET', `/importformats/${fixed.json.id}`)).json
  t.equal(after.name, 'Deaths (fixed width)')
  t.equal(after.columns.length, 2, 'the columns list replaces the stored one')
  const stale = await call('PUT', `/importformats/${fixed.json.id}`, { ...body, name: 'lost', version: fixed.json.version })
  t.same([stale.status, stale.json], [409, { message: 'The resource was modified by someone else. Read it again and retry.' }])
})

t.test('column rules per column type answer 400 with the column named', async (t) => {
  const cases: [unknown, string][] = [
    [{ ...fixedWidth, name: 'bad1', columnType: 0 }, '/columnType'],
    [{ ...fixedWidth, name: 'bad2', columns: [{ ...fixedWidth.columns[0], startPosition: 11, endPosition: 10 }] }, '/columns/0/endPosition'],
    [{ ...fixedWidth, name: 'bad3', columns: [{ name: 'id', linkageField: 'sourceUniqueId', endPosition: 10 }] }, '/columns/0/startPosition'],
    [{ ...byIndex, name: 'bad4', columns: [{ name: 'id', linkageField: 'sourceUniqueId' }] }, '/columns/0/index'],
    [{ ...byIndex, name: 'bad5', columns: [{ name: 'id', linkageField: 'sourceUniqueId', index: 0 }] }, '/columns/0/index'],
    [{ ...namedFormatBody('bad6'), columns: [{ name: '', linkageField: 'sourceUniqueId' }] }, '/columns/0/name'],
    [{ ...namedFormatBody('bad7'), columns: [{ name: 'surname', linkageField: 'surname' }] }, '/columns'],
    [{ ...namedFormatBody('bad8'), columns: [] }, '/columns'],
    [{ ...namedFormatBody('x'.repeat(201)) }, '/name'],
    [{ ...namedFormatBody('bad9'), colour: 'blue' }, '/colour'],
    [{ ...namedFormatBody('bad10'), columns: [{ name: 'id', linkageField: 'sourceUniqueId', format: 'f'.repeat(256) }] }, '/columns/0/format'],
  ]
  for (const [body, path] of cases) {
    const res = await call('POST', '/importformats', body)
    t.equal(res.status, 400, path)
    t.equal(res.json.message, 'The request is not valid.')
    t.ok(res.json.errors.some((e: { path: string }) => e.path === path), `${path} named`)
  }
  const missing = await call('POST', '/importformats', { name: 'no columns' })
  t.match(missing.json.errors, [{ path: '/columnType' }, { path: '/columns' }])
})

t.test('409 Import format code already used. on create and rename', async (t) => {
  const dup = await call('POST', '/importformats', namedFormatBody('Admissions CSV'))
  t.same([dup.status, dup.json], [409, { message: 'Import format code already used.' }])
  const other = (await call('POST', '/importformats', namedFormatBody('Other CSV'))).json
  const rename = await call('PUT', `/importformats/${other.id}`, namedFormatBody('Admissions CSV'))
  t.same([rename.status, rename.json], [409, { message: 'Import format code already used.' }])
})

t.test('update errors: unparseable body, broken rules, unknown id', async (t) => {
  const fmt = (await call('POST', '/importformats', namedFormatBody('Update me'))).json
  const garbage = await api(platform.url, 'PUT', `/api/v3.3/importformats/${fmt.id}`, { token: platform.adminToken, raw: 'nope', headers: { 'content-type': 'application/json' } })
  t.same([garbage.status, garbage.json], [400, { message: 'Could not parse the request body.' }])
  const broken = await call('PUT', `/importformats/${fmt.id}`, { ...namedFormatBody('Update me'), columnType: 2 })
  t.equal(broken.status, 400)
  t.match(broken.json, { message: 'Could not parse the request body.', errors: [{ path: '/columns/0/index' }] })
  const none = await call('PUT', '/importformats/999999', namedFormatBody('Nobody'))
  t.same([none.status, none.json], [404, { message: 'Import format resource can not be found.' }])
  t.same((await call('GET', '/importformats/999999')).json, { message: 'Import format resource can not be found.' })
  t.equal((await call('DELETE', '/importformats/999999')).status, 404)
})

t.test('a format used by an active event type cannot be deleted; marked event types do not count', async (t) => {
  const fmt = (await call('POST', '/importformats', namedFormatBody('In use'))).json
  const et = (await call('POST', '/eventtypes', eventTypeBody(providerId, 'USER', [delimitedSource(fmt.id)]))).json
  const refused = await call('DELETE', `/importformats/${fmt.id}`)
  t.same([refused.status, refused.json], [400, { message: 'Unable to delete import format' }])
  t.equal((await call('GET', `/importformats/${fmt.id}`)).status, 200)
  t.equal((await call('DELETE', `/eventtypes/${et.id}`)).status, 202)
  t.equal((await call('DELETE', `/importformats/${fmt.id}`)).status, 204)
  t.equal((await call('GET', `/importformats/${fmt.id}`)).status, 404)
  const marked = (await call('GET', `/eventtypes/${et.id}`)).json
  t.same([marked.markedForDeletion, marked.dataSources], [true, []], 'the marked event type lost the source that used the format')
  const unused = (await call('POST', '/importformats', namedFormatBody('Unused'))).json
  t.equal((await call('DELETE', `/importformats/${unused.id}`)).status, 204)
})
