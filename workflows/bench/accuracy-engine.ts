/**
 * Engine-level accuracy on FEBRL 1, 2, 3 and 4 (no API, no database): node --import tsx workflows/bench/accuracy-engine.ts
 * Records go straight into a RecordTable with the loader's derived fields (date parts, Soundex, initial) and
 * are linked with the default strategies (default-strategies.ts) plus one documented extra: FEBRL's
 * soc_sec_id, compared in every strategy and blocked on by a fifth. FEBRL 4 runs as two linkages: 4a first, then 4b incoming
 * against 4a's keys. Ground truth: rec-N-org / rec-N-dup-K share N. Pairwise precision/recall/F1 are printed
 * for the kept pairs and for the groups (every pair inside a group) of both in-memory strategies.
 */
import { readFileSync } from 'node:fs'
import { RecordTable, type RecordRow } from '@ligature/engine'
import { DEFAULT_COLUMNS, defaultStrategies } from '@ligature/engine'
import { linkInMemory, type InMemoryGroupStrategy, type LinkResult } from '@ligature/engine'
import type { StrategySpec } from '@ligature/engine'
import { soundex } from '@ligature/engine'
import { estimateFor } from './em-strategies.js'

const DATA = new URL('../datasets/febrl/', import.meta.url)

function readFebrl(file: string): { ids: string[]; rows: RecordRow[] } {
  const lines = readFileSync(new URL(file, DATA), 'utf8').split('\n').filter(l => l.trim() !== '')
  const header = lines[0]!.split(',').map(h => h.trim())
  const ids: string[] = [], rows: RecordRow[] = []
  for (const line of lines.slice(1)) {
    const cells = line.split(',').map(c => c.trim())
    const v = (name: string) => cells[header.indexOf(name)] ?? ''
    const dob = v('date_of_birth'), given = v('given_name'), surname = v('surname')
    const letters = (s: string) => s.toUpperCase().replace(/[^A-Z]/g, '')
    ids.push(v('rec_id'))
    rows.push({
      givenName: given, surname, sex: '', state: v('state'), postcode: v('postcode'), suburb: v('suburb'),
      addressLine: [v('street_number'), v('address_1'), v('address_2')].filter(Boolean).join(' '),
      dateOfBirth: /^\d{8}$/.test(dob) ? dob : '', doby: dob.slice(0, 4), dobm: dob.slice(4, 6), dobd: dob.slice(6, 8),
      surnameSoundex: soundex(letters(surname)), givenNameSoundex: soundex(letters(given)),
      givenNameInitial: given.slice(0, 1), socSecId: v('soc_sec_id'),
    })
  }
  return { ids, rows }
}

/** The defaults, plus soc_sec_id compared (one edit allowed) in every strategy and blocked on in a fifth. */
function strategies(): StrategySpec[] {
  const socSecId = { field: 'socSecId', comparison: { type: 'Levenshtein' as const, maxDistance: 1 }, m: 0.9, u: 0.0001 }
  const defaults = defaultStrategies([socSecId])
  return [...defaults, { ...defaults[0]!, name: 'Identifier', order: 5,
    blockingFields: [{ field: 'socSecId', matchEmpty: false }] }]
}
const COLUMNS = [...DEFAULT_COLUMNS, { name: 'socSecId', kind: 'text' as const }]

const entity = (id: string) => id.split('-')[1]!
const pairKey = (i: number, j: number) => (i < j ? `${i},${j}` : `${j},${i}`)

function truePairs(ids: string[]): Set<string> {
  const by = new Map<string, number[]>()
  ids.forEach((id, i) => by.set(entity(id), [...(by.get(entity(id)) ?? []), i]))
  const pairs = new Set<string>()
  for (const members of by.values()) for (let a = 0; a < members.length; a++) {
    for (let b = a + 1; b < members.length; b++) pairs.add(pairKey(members[a]!, members[b]!))
  }
  return pairs
}

function groupPairs(keyOf: Float64Array): Set<string> {
  const by = new Map<number, number[]>()
  keyOf.forEach((k, i) => by.set(k, [...(by.get(k) ?? []), i]))
  const pairs = new Set<string>()
  for (const m of by.values()) for (let a = 0; a < m.length; a++) for (let b = a + 1; b < m.length; b++) pairs.add(pairKey(m[a]!, m[b]!))
  return pairs
}

function prf(predicted: Set<string>, truth: Set<string>): string {
  let tp = 0
  for (const p of predicted) if (truth.has(p)) tp++
  const precision = predicted.size ? tp / predicted.size : 1, recall = truth.size ? tp / truth.size : 1
  const f1 = precision + recall ? (2 * precision * recall) / (precision + recall) : 0
  return `P ${precision.toFixed(4)} R ${recall.toFixed(4)} F1 ${f1.toFixed(4)} (${tp}/${predicted.size} predicted, ${truth.size} true)`
}

type Model = 'defaults' | 'EM'

/**
 * EM: the parameters estimated from all of the dataset's records (as a probability estimation envelope of the
 * same files sent to an empty project would), never from its ground truth.
 */
function modelFor(files: string[], model: Model): StrategySpec[] {
  if (model === 'defaults') return strategies()
  const rows = files.flatMap((f) => readFebrl(f).rows)
  const { strategies: estimated, result } = estimateFor(RecordTable.fromRows(rows, COLUMNS), strategies())
  if (!result.converged) console.log('  (EM did not converge)')
  return estimated
}

function link(files: string[], group: InMemoryGroupStrategy, model: Model = 'defaults'): { ids: string[]; result: LinkResult; ms: number } {
  const t0 = performance.now()
  const first = readFebrl(files[0]!)
  const strategies = ((s: StrategySpec[]) => () => s)(modelFor(files, model))
  let result = linkInMemory(RecordTable.fromRows(first.rows, COLUMNS), strategies(), { groupStrategy: group })
  let ids = first.ids
  if (files[1]) { // second linkage: incoming records against the first file's keys
    const second = readFebrl(files[1])
    const rows = [...first.rows, ...second.rows]
    const table = RecordTable.fromRows(rows, COLUMNS, rows.map((_, i) => i >= first.rows.length))
    const previousKeys = Float64Array.from(rows, (_, i) => (i < first.rows.length ? result.keys.keyOf[i]! : 0))
    result = linkInMemory(table, strategies(), { groupStrategy: group, previousKeys, nextKeyNumber: result.keys.nextKeyNumber })
    ids = [...ids, ...second.ids]
  }
  return { ids, result, ms: performance.now() - t0 }
}

for (const [name, files] of [['FEBRL1', ['febrl_dataset1.csv']], ['FEBRL2', ['febrl_dataset2.csv']], ['FEBRL3', ['febrl_dataset3.csv']],
  ['FEBRL4', ['febrl_dataset4a.csv', 'febrl_dataset4b.csv']]] as const) {
  for (const model of ['defaults', 'EM'] as const) for (const group of ['WeightedBestLinkInMemory', 'MergeInMemory'] as const) {
    const { ids, result, ms } = link([...files], group, model)
    const truth = truePairs(ids)
    const kept = new Set<string>()
    const p = result.match.pairs
    for (let k = 0; k < p.length; k++) kept.add(pairKey(p.left[k]!, p.right[k]!))
    const label = `${name} ${model.padEnd(8)}`
    if (group === 'WeightedBestLinkInMemory') console.log(`${label} kept pairs (last linkage)      ${prf(kept, truth)}`)
    console.log(`${label} groups ${group.padEnd(24)} ${prf(groupPairs(result.keys.keyOf), truth)} ${ms.toFixed(0)} ms`)
  }
}
