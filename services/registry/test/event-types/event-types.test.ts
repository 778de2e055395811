import t from 'tap'
import { api, startPlatform } from '@ligature/testkit'
import { caller, delimitedSource, eventTypeBody, namedFormatBody, postgresSource, providerBody } from '../fixtures.js'

const platform = await startPlatform()
t.teardown(() => platform.close())
const call = caller(platform)
const providerId = (await call('POST', '/dataproviders', providerBody('WAHEALTH'))).json.id as number
const formatId = (await call('POST', '/importformats', namedFormatBody('Admissions'))).json.id as number

t.test('create, list, read and update an event type with its data sources', async (t) => {
  const created = await call('POST', '/eventtypes', eventTypeBody(providerId, 'HOSPADM', [delimitedSource(formatId)]))
  t.equal(created.status, 201)
  t.match(created.json, { ...eventTypeBody(providerId, 'HOSPADM'), id: Number, markedForDeletion: false, version: String, lastModified: String })
  t.match(created.json.dataSources, [{ ...delimitedSource(formatId), id: Number }])
  const id = created.json.id

  const list = await call('GET', '/eventtypes')
  t.equal(list.headers.get('x-total-count'), '1')
  t.same(list.json, [created.json])
  t.same((await call('GET', `/eventtypes/${id}`)).json, created.json)
  const byProvider = await call('GET', `/dataproviders/${providerId}/eventtypes`)
  t.equal(byProvider.status, 200)
  t.same(byProvider.json, [created.json])

  const body = { ...eventTypeBody(providerId, 'HOSPADM', created.json.dataSources), description: 'Admissions, all hospitals', version: created.json.version }
  const updated = await call('PUT', `/eventtypes/${id}`, body)
  t.equal(updated.status, 204)
  const after = (await call('GET', `/eventtypes/${id}`)).json
  t.equal(after.description, 'Admissions, all hospitals')
  t.same(after.dataSources, created.json.dataSources, 'a source sent back with its id keeps its id')
  t.not(after.version, created.json.version)
})

t.test('the data sources list replaces the stored one', async (t) => {
  const created = (await call('POST', '/eventtypes', eventTypeBody(providerId, 'REPLACE', [delimitedSource(formatId), { ...postgresSource(formatId), code: 'PG1' }]))).json
  const [keep, drop] = created.dataSources
  const changedKeep = { ...keep, name: 'Renamed CSV', settings: [{ name: 'columnSeparator', dataType: 'string', value: '\\t', isSecret: false }] }
  const added = { ...delimitedSource(formatId), code: 'NEW', name: 'Second CSV' }
  t.equal((await call('PUT', `/eventtypes/${created.id}`, eventTypeBody(providerId, 'REPLACE', [changedKeep, added]))).status, 204)
  const after = (await call('GET', `/eventtypes/${created.id}`)).json
  t.same(after.dataSources.map((s: { id: number }) => s.id).slice(0, 1), [keep.id])
  t.notOk(after.dataSources.some((s: { id: number }) => s.id === drop.id), 'the missing source is removed')
  t.match(after.dataSources, [changedKeep, { ...added, id: Number }])
})

t.test('secret settings are stored encrypted and never returned in clear', async (t) => {
  const created = await call('POST', '/eventtypes', eventTypeBody(providerId, 'SECRET', [postgresSource(formatId)]))
  t.equal(created.status, 201)
  t.same(created.json.dataSources[0].settings[0], { name: 'connectionString', dataType: null, value: '********', isSecret: true })
  const stored = await platform.services.registry.db.selectFrom('data_source_settings').select('value').where('name', '=', 'connectionString').execute()
  t.ok(stored.length >= 1)
  for (const row of stored) t.notOk(row.value.includes('s3cret'), 'the database holds no clear secret')
  const sealedBefore = stored.map((r: { value: string }) => r.value).sort()

  // Sending the mask back keeps the stored secret; the read shows the mask again.
  const read = (await call('GET', `/eventtypes/${created.json.id}`)).json
  const { id: _id, markedForDeletion: _m, lastModified: _l, ...body } = read
  t.equal((await call('PUT', `/eventtypes/${created.json.id}`, body)).status, 204)
  const sealedAfter = (await platform.services.registry.db.selectFrom('data_source_settings').select('value').where('name', '=', 'connectionString').execute())
    .map((r: { value: string }) => r.value).sort()
  t.same(sealedAfter, sealedBefore)
  t.equal((await call('GET', `/eventtypes/${created.json.id}`)).json.dataSources[0].settings[0].value, '********')

  // The mask with no stored secret behind it is refused.
  const masked = await call('POST', '/eventtypes', eventTypeBody(providerId, 'MASKED', [postgresSource(formatId, '********')]))
  t.equal(masked.status, 400)
  t.same(masked.json.errors, [{ path: '/dataSources/0/settings/0/value', message: 'no stored secret to keep; send the value itself, not ********' }])
})

t.test('create errors: 400 Unable to create event type., 409 for a used code', async (t) => {
  const unknownProvider = await call('POST', '/eventtypes', eventTypeBody(999999, 'NOPROV'))
  t.equal(unknownProvider.status, 400)
  t.same(unknownProvider.json, { message: 'Unable to create event type.', errors: [{ path: '/dataProviderId', message: 'no data provider has this id' }] })
  const unknownFormat = await call('POST', '/eventtypes', eventTypeBody(providerId, 'NOFMT', [delimitedSource(999999)]))
  t.equal(unknownFormat.status, 400)
  t.same(unknownFormat.json, { message: 'Unable to create event type.', errors: [{ path: '/dataSources/0/importFormatId', message: 'no import format has this id' }] })
  const badType = await call('POST', '/eventtypes', eventTypeBody(providerId, 'BADTYPE', [{ ...delimitedSource(formatId), dataSourceType: 'Excel' }]))
  t.equal(badType.status, 400)
  t.equal(badType.json.message, 'Unable to create event type.')
  t.match(badType.json.errors, [{ path: '/dataSources/0/dataSourceType' }])
  const invalid = await call('POST', '/eventtypes', { ...eventTypeBody(providerId, 'X'.repeat(16)), colour: 'blue' })
  t.equal(invalid.status, 400)
  t.equal(invalid.json.message, 'Unable to create event type.')
  t.same(invalid.json.errors.map((e: { path: string }) => e.path).sort(), ['/code', '/colour'])
  const nested = await call('POST', '/eventtypes', eventTypeBody(providerId, 'NESTED', [{ ...delimitedSource(formatId), code: 'C'.repeat(16), extra: 1 }]))
  t.same([...new Set(nested.json.errors.map((e: { path: string }) => e.path))].sort(), ['/dataSources/0/code', '/dataSources/0/extra'])
  const longValue = await call('POST', '/eventtypes', eventTypeBody(providerId, 'LONGVAL', [{ ...delimitedSource(formatId), settings: [{ name: 'columnSeparator', value: 'v'.repeat(4001), isSecret: false }] }]))
  t.match(longValue.json.errors, [{ path: '/dataSources/0/settings/0/value' }])
  const missing = await call('POST', '/eventtypes', { dataProviderId: providerId, code: 'MISSING' })
  t.equal(missing.status, 400)
  t.match(missing.json.errors.map((e: { path: string }) => e.path).sort(), ['/category', '/description', '/isAuthoritative'])
  const garbage = await api(platform.url, 'POST', '/api/v3.3/eventtypes', { token: platform.adminToken, raw: '{not json', headers: { 'content-type': 'application/json' } })
  t.same([garbage.status, garbage.json], [400, { message: 'Unable to create event type.' }])
  const dup = await call('POST', '/eventtypes', eventTypeBody(providerId, 'HOSPADM'))
  t.same([dup.status, dup.json], [409, { message: 'Event type code is already used.' }])
})

t.test('update errors: unparseable body, rule breaks, a changed source type, stale version, 404', async (t) => {
  const created = (await call('POST', '/eventtypes', eventTypeBody(providerId, 'UPDERR', [delimitedSource(formatId)]))).json
  const garbage = await api(platform.url, 'PUT', `/api/v3.3/eventtypes/${created.id}`, { token: platform.adminToken, raw: '{', headers: { 'content-type': 'application/json' } })
  t.same([garbage.status, garbage.json], [400, { message: 'Could not parse the request body.' }])
  const tooLong = await call('PUT', `/eventtypes/${created.id}`, { ...eventTypeBody(providerId, 'UPDERR'), category: 'c'.repeat(41) })
  t.equal(tooLong.status, 400)
  t.match(tooLong.json, { message: 'Could not parse the request body.', errors: [{ path: '/category' }] })
  const retyped = await call('PUT', `/eventtypes/${created.id}`, eventTypeBody(providerId, 'UPDERR', [{ ...created.dataSources[0], dataSourceType: 'TextFiles', settings: [] }]))
  t.same(retyped.json, { message: 'Could not parse the request body.', errors: [{ path: '/dataSources/0/dataSourceType', message: 'can not change; remove the data source and add a new one' }] })
  const foreign = await call('PUT', `/eventtypes/${created.id}`, eventTypeBody(providerId, 'UPDERR', [{ ...created.dataSources[0], id: 999999 }]))
  t.match(foreign.json.errors, [{ path: '/dataSources/0/id' }])
  const unknownProvider = await call('PUT', `/eventtypes/${created.id}`, eventTypeBody(999999, 'UPDERR'))
  t.match(unknownProvider.json, { message: 'Could not parse the request body.', errors: [{ path: '/dataProviderId' }] })
  t.equal((await call('PUT', `/eventtypes/${created.id}`, { ...eventTypeBody(providerId, 'UPDERR', created.dataSources), version: created.version })).status, 204)
  const stale = await call('PUT', `/eventtypes/${created.id}`, { ...eventTypeBody(providerId, 'UPDERR', created.dataSources), description: 'lost', version: created.version })
  t.same([stale.status, stale.json], [409, { message: 'The resource was modified by someone else. Read it again and retry.' }])
  t.not((await call('GET', `/eventtypes/${created.id}`)).json.description, 'lost')
  const clash = await call('PUT', `/eventtypes/${created.id}`, eventTypeBody(providerId, 'HOSPADM'))
  t.same([clash.status, clash.json], [409, { message: 'Event type code is already used.' }])
  const none = await call('PUT', '/eventtypes/999999', eventTypeBody(providerId, 'NONE'))
  t.same([none.status, none.json], [404, { message: 'Event type resource can not be found.' }])
})

t.test('unknown ids are 404 with the resource named', async (t) => {
  t.same((await call('GET', '/eventtypes/999999')).json, { message: 'Event type resource can not be found.' })
  t.equal((await call('DELETE', '/eventtypes/999999')).status, 404)
  const provider = await call('GET', '/dataproviders/999999/eventtypes')
  t.same([provider.status, provider.json], [404, { message: 'Data provider resource can not be found.' }])
})

t.test('limit and offset page the list', async (t) => {
  const all = (await call('GET', '/eventtypes')).json
  const page = await call('GET', '/eventtypes?limit=2&offset=1')
  t.same(page.json.map((e: { id: number }) => e.id), all.slice(1, 3).map((e: { id: number }) => e.id))
  t.equal(page.headers.get('x-total-count'), String(all.length))
  t.equal((await call('GET', '/eventtypes?limit=1001')).status, 400)
})

t.test('DELETE answers 202, marks the event type and records the event in the same transaction', async (t) => {
  const created = (await call('POST', '/eventtypes', eventTypeBody(providerId, 'DOOMED'))).json
  const res = await call('DELETE', `/eventtypes/${created.id}`)
  t.equal(res.status, 202)
  t.equal(res.text, '')
  const read = await call('GET', `/eventtypes/${created.id}`)
  t.equal(read.status, 200)
  t.equal(read.json.markedForDeletion, true)
  const events = await platform.services.registry.db.selectFrom('outbox').select('payload').where('subject', '=', 'ligature.registry.eventtype.deleted').execute()
  t.match(events.map((e: { payload: unknown }) => e.payload), [{ data: { id: created.id, code: 'DOOMED' } }])
  const onMarked = await call('POST', '/eventtypes', eventTypeBody(providerId, 'LATE'))
  t.equal(onMarked.status, 201, 'the provider itself is not marked, so new event types are still welcome')
})

t.test('a provider marked for deletion marks its event types and takes no new ones', async (t) => {
  const provider = (await call('POST', '/dataproviders', providerBody('LEAVING'))).json
  const et = (await call('POST', '/eventtypes', eventTypeBody(provider.id, 'LEAVINGET'))).json
  t.equal((await call('DELETE', `/dataproviders/${provider.id}`)).status, 204)
  t.equal((await call('GET', `/eventtypes/${et.id}`)).json.markedForDeletion, true)
  const late = await call('POST', '/eventtypes', eventTypeBody(provider.id, 'TOOLATE'))
  t.same(late.json, { message: 'Unable to create event type.', errors: [{ path: '/dataProviderId', message: 'this data provider is marked for deletion' }] })
})
