import t from 'tap'
import { Errors } from '@ligature/contracts'
import { EnvelopesInternal } from '@ligature/contracts/internal'
import { createServiceApp } from '../src/app.js'
import { routeInternal } from '../src/internal-routes.js'
import { PRINCIPAL_HEADER, signPrincipal, systemPrincipal, type Principal } from '../src/principal.js'

// routeInternal is the one place an internal call is refused to all but the system principal: a service's
// shell with one internal route, called as each kind of caller.
const secret = 'internal-routes-test-secret'
const app = await createServiceApp({ name: 'kit-test', internalSecret: secret, logger: false })
let handled = 0
routeInternal(app, EnvelopesInternal.startJob, async (_req, reply) => {
  handled++
  return reply.status(201).send({ id: 7 })
})
await app.ready()
t.teardown(() => app.close())

const job = { name: 'Validate Envelope', envelopeName: 'env-1' }
const call = (headers: Record<string, string>, payload: unknown = job) =>
  app.inject({ method: 'POST', url: '/internal/jobs', headers, payload: payload as Record<string, unknown> })
const as = (p: Principal, key = secret) => ({ [PRINCIPAL_HEADER]: signPrincipal(p, key) })
const UNAUTHORIZED = { message: Errors.unauthorized.message }

t.test('refused: no principal, an admin token, a forged header', async (t) => {
  const admin: Principal = { tokenId: 'tok-42', name: 'an admin', role: 'admin', projects: [] }
  const refused: Array<[string, Record<string, string>]> = [
    ['no principal', {}],
    ['an admin principal that is not the system', as(admin)],
    ['a system principal signed with another secret', as(systemPrincipal('worker'), 'not-the-secret')],
    ['a system principal with no signature', { [PRINCIPAL_HEADER]: Buffer.from(JSON.stringify(systemPrincipal())).toString('base64url') }],
    ['an admin principal whose signed payload was swapped for the system', {
      [PRINCIPAL_HEADER]: `${Buffer.from(JSON.stringify(systemPrincipal())).toString('base64url')}.${as(admin)[PRINCIPAL_HEADER].split('.')[1]!}`,
    }],
  ]
  for (const [who, headers] of refused) {
    const res = await call(headers)
    t.equal(res.statusCode, Errors.unauthorized.status, who)
    t.same(res.json(), UNAUTHORIZED, `${who}: the catalogue's message`)
  }
  const badBody = await call(as(admin), { name: 42 })
  t.equal(badBody.statusCode, 401, 'refused before its body is validated: another caller learns nothing of what it accepts')
  t.equal(handled, 0, 'the handler never ran')
})

t.test('accepted: the system principal', async (t) => {
  const res = await call(as(systemPrincipal('worker')))
  t.equal(res.statusCode, 201)
  t.same(res.json(), { id: 7 })
  t.equal(handled, 1)
  t.equal((await call(as(systemPrincipal('worker')), { name: 42 })).statusCode, 400, 'and its body is still validated')
  t.equal(handled, 1)
})
