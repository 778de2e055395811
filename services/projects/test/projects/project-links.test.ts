import t from 'tap'
import { caller, projectBody, startPlatform, UNAUTHORIZED } from '../support.js'

// Project-to-project declarations: one reference project, its own event types, no chains, links set by admins.
const platform = await startPlatform()
t.teardown(() => platform.close())
const call = caller(platform)
const create = async (code: string, over: Record<string, unknown> = {}) => {
  const res = await call('POST', '/projects', projectBody(code, over))
  if (res.status !== 201) throw new Error(`${code}: ${res.status} ${res.text}`)
  return res.json as { id: number; version: string } & Record<string, unknown>
}
const link = (projectId: number, eventTypeIds: number[] = []) => ({ projectId, eventTypeMembers: eventTypeIds.map((id) => ({ eventTypeId: id, code: `ET${id}` })) })

const master = await create('MASTER', { eventTypeMembers: [{ eventTypeId: 1, code: 'HOSPADM' }, { eventTypeId: 2, code: 'DEATHS' }] })

t.test('a calling project names its reference project at creation', async (t) => {
  const calling = await create('BOWEL', { eventTypeMembers: [{ eventTypeId: 3, code: 'SURG' }], projectLinks: [link(master.id, [2])] })
  t.same(calling.projectLinks, [{ projectId: master.id, eventTypeMembers: [{ eventTypeId: 2, code: 'ET2' }] }])
  t.same((await call('GET', `/projects/${calling.id}`)).json.projectLinks, calling.projectLinks)
})

t.test('chaining is refused both ways with the catalogue message and a pointer to the guide', async (t) => {
  const bowel = (await call('GET', '/projects/BOWEL?byCode=true')).json
  const chained = await call('POST', '/projects', projectBody('CHAIN', { projectLinks: [link(bowel.id)] }))
  t.equal(chained.status, 400)
  t.equal(chained.json.message, 'Unable to create the linkage project.')
  t.match(chained.json.errors, [{ path: '/projectLinks/0/projectId', message: /BOWEL is itself a calling project.*do not chain, see \/docs\/guides\/project-to-project/ }])
  const other = await create('OTHERREF')
  const referenceLinks = await call('PUT', `/projects/${master.id}`, { ...projectBody('MASTER'), projectLinks: [link(other.id)] })
  t.equal(referenceLinks.status, 400)
  t.match(referenceLinks.json.errors, [{ path: '/projectLinks/0/projectId', message: /reference project of BOWEL.*do not chain/ }])
  t.same((await call('GET', `/projects/${master.id}`)).json.projectLinks, [], 'nothing changed')
})

t.test('one reference project; its event types only', async (t) => {
  const other = (await call('GET', '/projects/OTHERREF?byCode=true')).json
  const two = await call('POST', '/projects', projectBody('TWO', { projectLinks: [link(master.id), link(other.id)] }))
  t.equal(two.status, 400)
  t.match(two.json.errors, [{ path: '/projectLinks/1', message: 'a calling project names one reference project' }])
  const foreign = await call('POST', '/projects', projectBody('FOREIGN', { projectLinks: [link(master.id, [9])] }))
  t.equal(foreign.status, 400)
  t.match(foreign.json.errors, [{ path: '/projectLinks/0/eventTypeMembers/0/eventTypeId', message: 'event type 9 is not a member of project MASTER' }])
})

t.test('only an administrator names or changes a reference project', async (t) => {
  const plain = await create('PLAIN')
  const manager = await platform.token('manager', ['PLAIN'])
  const body = { ...projectBody('PLAIN'), version: plain.version }
  t.same((await call('PUT', `/projects/${plain.id}`, { ...body, projectLinks: [link(master.id)] }, manager)).json, UNAUTHORIZED)
  t.equal((await call('PUT', `/projects/${plain.id}`, { ...body, name: 'Renamed' }, manager)).status, 204, 'other changes are the manager\'s')
  const now = (await call('GET', `/projects/${plain.id}`)).json
  t.equal((await call('PUT', `/projects/${plain.id}`, { ...now, projectLinks: [link(master.id)] })).status, 204, 'an administrator may')
})

t.test('a reference project cannot be deleted while a calling project names it', async (t) => {
  const now = (await call('GET', `/projects/${master.id}`)).json
  t.equal((await call('PUT', `/projects/${master.id}`, { ...now, isActive: false })).status, 204)
  const refused = await call('DELETE', `/projects/${master.id}`)
  t.equal(refused.status, 400)
  t.match(refused.json, { message: 'The request is not valid.', errors: [{ path: '/projectLinks', message: /BOWEL.*PLAIN names this project as its reference project/ }] })
  t.equal((await call('GET', `/projects/${master.id}`)).status, 200, 'it is still there')
})
