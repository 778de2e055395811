import t from 'tap'
import { Prng } from '@ligature/engine'
import { dateTypo, HELDOUT_ERRORS, heldoutCsv, heldoutPeople } from './people.js'

t.test('the same seed gives the same records; another seed other records', async (t) => {
  const a = heldoutPeople(2000, 7), b = heldoutPeople(2000, 7), c = heldoutPeople(2000, 8)
  t.same(a, b)
  t.not(heldoutCsv(a), heldoutCsv(c))
  t.equal(a.length, 2000)
  t.equal(new Set(a.map((r) => r.id)).size, 2000)
})

t.test('people have 1 to 1 + maxDuplicates records, and about the documented share has duplicates', async (t) => {
  const rows = heldoutPeople(20_000, 3)
  const sizes = new Map<number, number>()
  for (const r of rows) sizes.set(r.person, (sizes.get(r.person) ?? 0) + 1)
  const last = Math.max(...sizes.keys()) // may be cut short by the record count
  const full = [...sizes].filter(([p]) => p !== last).map(([, n]) => n)
  t.ok(full.every((n) => n >= 1 && n <= 1 + HELDOUT_ERRORS.maxDuplicates))
  t.ok(full.some((n) => n === 1 + HELDOUT_ERRORS.maxDuplicates))
  const share = full.filter((n) => n > 1).length / full.length
  t.ok(Math.abs(share - HELDOUT_ERRORS.duplicatedPeople) < 0.03, `duplicated share ${share}`)
})

t.test('duplicates carry the documented errors at about their rates', async (t) => {
  const rows = heldoutPeople(20_000, 5)
  const byPerson = new Map<number, typeof rows>()
  for (const r of rows) byPerson.set(r.person, [...(byPerson.get(r.person) ?? []), r])
  let pairs = 0, otherDate = 0, swapped = 0
  for (const group of byPerson.values()) for (let i = 1; i < group.length; i++) {
    const [a, b] = [group[0]!, group[i]!]
    if (!a.dateOfBirth || !b.dateOfBirth || !a.givenName || !b.surname) continue
    pairs++
    if (a.dateOfBirth !== b.dateOfBirth) otherDate++
    if (a.givenName === b.surname && a.surname === b.givenName) swapped++
  }
  // Records are shuffled, so a pair is the original and a duplicate (dates differ at the typo rate r) or two
  // duplicates (1 − (1 − r)², a little less when both typed the same error): between the two.
  const r = HELDOUT_ERRORS.dateTypo
  t.ok(otherDate / pairs > r - 0.02 && otherDate / pairs < 1 - (1 - r) ** 2 + 0.02, `dates differ in ${otherDate / pairs}`)
  t.ok(swapped / pairs > 0.02 && swapped / pairs < 0.06, `transposed ${swapped / pairs}`)
  const blankDates = rows.filter((r) => r.dateOfBirth === '').length / rows.length
  t.ok(Math.abs(blankDates - HELDOUT_ERRORS.missing.dateOfBirth) < 0.01, `blank dates ${blankDates}`)
})

t.test('date typos: a year off by one, a day/month swap or one mistyped digit, never the same date', async (t) => {
  const rng = new Prng(1)
  for (let k = 0; k < 500; k++) {
    const typed = dateTypo(rng, '1987-05-09')
    t.not(typed, '1987-05-09')
    t.match(typed, /^\d{4}-\d{2}-\d{2}$/)
    const differing = [...'19870509'].filter((d, i) => d !== typed.replace(/-/g, '')[i]).length
    const ok = typed === '1986-05-09' || typed === '1988-05-09' || typed === '1987-09-05' || differing === 1
    if (!ok) t.fail(`unexpected typo ${typed}`)
  }
})

t.test('the CSV has a header and one line per record', async (t) => {
  const rows = heldoutPeople(50, 2)
  const lines = heldoutCsv(rows).trim().split('\n')
  t.equal(lines[0], 'unique_id,given_name,surname,sex,dob,address,suburb,postcode,state,person')
  t.equal(lines.length, 51)
  t.ok(lines.every((l) => l.split(',').length === 10))
})
