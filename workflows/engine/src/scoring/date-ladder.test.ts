import t from 'tap'
import { RecordTable } from '../columnar/record-table.js'
import type { ComparisonSpec, MatchingFieldSpec } from '../types.js'
import { DEFAULT_FIELDS } from '../default-strategies.js'
import { compileField, compileLevelTests } from './compile-field.js'
import { DateLadder } from './date-ladder.js'

// Deterministic pseudo-random dates clustered so that every level occurs: equal days, a typed digit, a day/month
// swap, dates within a year, far apart, missing and unparseable.
let seed = 2024
const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 8
const pad = (n: number, w: number) => String(n).padStart(w, '0')
function dates(n: number): string[] {
  const out: string[] = []
  for (let k = 0; k < n; k++) {
    const kind = next() % 12
    const y = 1970 + next() % 4, m = 1 + next() % 12, d = 1 + next() % 28
    if (kind === 0) out.push('')
    else if (kind === 1) out.push('not a date')
    else if (kind === 2) out.push(`${y}-${pad(d > 12 ? m : d, 2)}-${pad(d > 12 ? d : m, 2)}`)
    else if (kind === 3) out.push(`${y}${pad(m, 2)}${pad(d, 2)}`) // the same day spelt another way
    else out.push(`${y}-${pad(m, 2)}-${pad(d, 2)}`)
  }
  return out
}

const ladders: Record<string, ComparisonSpec[]> = {
  'the default date of birth': [DEFAULT_FIELDS.dateOfBirth.comparison, ...DEFAULT_FIELDS.dateOfBirth.levels.map((l) => l.comparison)],
  'one exact date': [{ type: 'Date' }],
  'typos before tolerance': [{ type: 'Date', digitTypos: 2 }, { type: 'Date', toleranceDays: 30, allowDayMonthSwap: true }],
  'a tolerant top level': [{ type: 'Date', toleranceDays: 5 }, { type: 'Date', digitTypos: 1 }],
}

t.test('a date ladder gives the level its comparisons give one by one, for every pair of codes', async (t) => {
  const table = RecordTable.fromRows(dates(400).map((d) => ({ d })), [{ name: 'd', kind: 'date' }])
  const column = table.column('d')
  // One record per code, so a pair of codes is a pair of records.
  const recordOf = new Map<number, number>()
  column.codes.forEach((code, record) => { if (!recordOf.has(code)) recordOf.set(code, record) })
  for (const [name, comparisons] of Object.entries(ladders)) {
    const spec: MatchingFieldSpec = { field: 'd', comparison: comparisons[0]!, m: 0.8, u: 0.01,
      levels: comparisons.slice(1).map((comparison) => ({ comparison, m: 0.05, u: 0.02 })) }
    const tests = compileLevelTests(spec, table, false)
    const ladder = new DateLadder(column, comparisons)
    const seen = new Set<number>()
    let wrong = 0, pairs = 0
    for (const [a, i] of recordOf) for (const [b, j] of recordOf) {
      if (a === b) continue
      const want = tests.level(i, j)
      seen.add(want)
      if (ladder.level(a, b) !== want) wrong++
      pairs++
    }
    t.equal(wrong, 0, `${name}: ${pairs} pairs of distinct codes`)
    t.same([...seen].sort(), [...Array(comparisons.length + 2).keys()].map((k) => k - 1), `${name}: every level and missing occur`)
  }
})

t.test('the levelled field scores through the ladder exactly as through its tests', async (t) => {
  const rows = dates(300)
  const table = RecordTable.fromRows(rows.map((d) => ({ d })), [{ name: 'd', kind: 'date' }])
  const field = compileField({ ...DEFAULT_FIELDS.dateOfBirth, field: 'd' }, table)
  const left = new Int32Array(20_000), right = new Int32Array(20_000)
  for (let k = 0; k < left.length; k++) { left[k] = next() % rows.length; right[k] = next() % rows.length }
  const out = new Float64Array(left.length)
  field.accumulate(left, right, left.length, out)
  let wrong = 0
  for (let k = 0; k < left.length; k++) if (out[k] !== field.weightFor(left[k]!, right[k]!)) wrong++
  t.equal(wrong, 0, 'accumulate (the ladder) equals weightFor (the tests) on 20,000 pairs')
})

t.test('a ladder refuses what is not one', async (t) => {
  const table = RecordTable.fromRows([{ d: '2000-01-01', n: 'x' }], [{ name: 'd', kind: 'date' }, { name: 'n', kind: 'text' }])
  t.throws(() => new DateLadder(table.column('n'), [{ type: 'Date' }]), /not a date column/)
  t.throws(() => new DateLadder(table.column('d'), [{ type: 'Date' }, { type: 'Exact' }]), /Date comparisons only/)
  t.throws(() => new DateLadder(table.column('d'), []), /Date comparisons only/)
})
