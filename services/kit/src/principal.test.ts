import t from 'tap'
import { signPrincipal, verifyPrincipal, VERIFIED_PRINCIPALS_MAX, type Principal } from './principal.js'

const secret = 'principal-test-secret-0123456789'
const alice: Principal = { tokenId: 't1', name: 'alice', role: 'custodian', projects: ['P1', 'P2'] }

t.test('a signed principal verifies with its secret and with no other', async (t) => {
  const header = signPrincipal(alice, secret)
  t.same(verifyPrincipal(header, secret), alice)
  t.equal(verifyPrincipal(header, 'another-secret-0123456789abcdef'), null, 'a remembered header is still refused under another secret')
  t.equal(verifyPrincipal(undefined, secret), null)
  t.equal(verifyPrincipal('no-dot', secret), null)
})

t.test('a tampered payload or signature is refused, however often it is presented', async (t) => {
  const header = signPrincipal(alice, secret)
  const [payload, sig] = header.split('.') as [string, string]
  const elevated = Buffer.from(JSON.stringify({ ...alice, role: 'admin' })).toString('base64url')
  for (let i = 0; i < 3; i++) {
    t.equal(verifyPrincipal(`${elevated}.${sig}`, secret), null)
    t.equal(verifyPrincipal(`${payload}.${sig.slice(0, -2)}AA`, secret), null)
  }
  t.same(verifyPrincipal(header, secret), alice, 'the genuine header still verifies')
})

t.test('a refused header is not remembered: the same text verifies once it is signed with the right secret', async (t) => {
  const header = signPrincipal({ ...alice, tokenId: 't2' }, secret)
  t.equal(verifyPrincipal(header, 'wrong-secret-0123456789abcdefgh'), null)
  t.equal(verifyPrincipal(header, secret)?.tokenId, 't2')
})

t.test('repeated calls share one frozen principal, so no caller can change what the next one sees', async (t) => {
  const header = signPrincipal({ ...alice, tokenId: 't3' }, secret)
  const first = verifyPrincipal(header, secret)!
  t.equal(verifyPrincipal(header, secret), first)
  t.ok(Object.isFrozen(first) && Object.isFrozen(first.projects))
  t.throws(() => { first.projects.push('P9') })
})

t.test('past its bound the memo starts again and every header still verifies', async (t) => {
  const headers = Array.from({ length: VERIFIED_PRINCIPALS_MAX + 10 }, (_, i) => signPrincipal({ ...alice, tokenId: `bulk${i}` }, secret))
  for (const h of headers) verifyPrincipal(h, secret)
  t.same(headers.map((h) => verifyPrincipal(h, secret)?.tokenId), headers.map((_, i) => `bulk${i}`))
})
