/**
 * Probability estimation at scale, in memory (no database): node --import tsx workflows/bench/estimate-scale.ts
 *   [--dataset heldout|generator] [--records 1000000] [--group WeightedBestLinkInMemory|MergeInMemory]
 * The records go through the loader's own row preprocessing into a RecordTable; the default strategies are
 * estimated as an estimation envelope would (estimateParameters, every candidate pair), the estimate is applied as
 * the apply call applies it (em-strategies.ts), and both models link the table. Printed per strategy: EM's λ,
 * expected matches, candidate pairs and the suggested threshold; per model: pairwise precision and recall of
 * the groups against the generator's ground truth (read only for scoring, never for estimation) and the
 * largest group.
 */
import { parseArgs } from 'node:util'
import { DERIVED_LINKAGE_FIELDS } from '@ligature/contracts/defaults'
import { DEFAULT_COLUMNS, defaultStrategies, estimateParameters, linkInMemory, RecordTable, syntheticPeople,
  type InMemoryGroupStrategy, type RecordRow, type StrategySpec } from '@ligature/engine'
import { rowPreprocessor } from '../src/loading/preprocess/preprocess-row.js'
import { isInvalidRow } from '../src/loading/parse/rows.js'
import { heldoutPeople } from './heldout/people.js'
import { withEstimates } from './em-strategies.js'

const { values } = parseArgs({ options: {
  dataset: { type: 'string', default: 'heldout' }, records: { type: 'string', default: '1000000' },
  group: { type: 'string', default: 'WeightedBestLinkInMemory' },
} })
const records = Number(values.records)
const group = values.group as InMemoryGroupStrategy

interface Source { fields: Record<string, string>; truth: number }

function source(): Source[] {
  if (values.dataset === 'heldout') {
    return heldoutPeople(records).map((r) => ({ truth: r.person, fields: { sourceUniqueId: r.id, givenName: r.givenName, surname: r.surname,
      sex: r.sex, dateOfBirth: r.dateOfBirth, addressLine: r.addressLine, suburb: r.suburb, postcode: r.postcode, state: r.state } }))
  }
  const out: Source[] = []
  for (const p of syntheticPeople({ records })) {
    const d = p.dateOfBirth
    out.push({ truth: p.entityId, fields: { sourceUniqueId: p.recId, givenName: p.givenName, surname: p.surname, sex: p.sex,
      dateOfBirth: d.length === 8 ? `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}` : d, addressLine: p.addressLine,
      suburb: p.suburb, postcode: p.postcode, state: p.state } })
  }
  return out
}

function table(rows: Source[]): RecordTable {
  const preprocess = rowPreprocessor()
  const out: RecordRow[] = rows.map((r, n) => {
    const p = preprocess({ rowNumber: n + 2, fields: r.fields, aux: {} })
    if (isInvalidRow(p)) throw new Error(p.reason)
    const values = p as unknown as Record<string, string | number | null>
    return Object.fromEntries(DEFAULT_COLUMNS.map((c) => [c.name, values[c.name] === null || values[c.name] === undefined ? '' : String(values[c.name])]))
  })
  return RecordTable.fromRows(out, DEFAULT_COLUMNS)
}

/** Pairwise precision and recall of the groups, counted per group without listing pairs. */
function quality(keyOf: Float64Array, truth: Int32Array) {
  const byKey = new Map<number, number>(), byTruth = new Map<number, number>(), byBoth = new Map<string, number>()
  for (let i = 0; i < keyOf.length; i++) {
    byKey.set(keyOf[i]!, (byKey.get(keyOf[i]!) ?? 0) + 1)
    byTruth.set(truth[i]!, (byTruth.get(truth[i]!) ?? 0) + 1)
    const both = `${keyOf[i]},${truth[i]}`
    byBoth.set(both, (byBoth.get(both) ?? 0) + 1)
  }
  const pairs = (m: Map<unknown, number>) => { let s = 0; for (const n of m.values()) s += (n * (n - 1)) / 2; return s }
  const tp = pairs(byBoth), predicted = pairs(byKey), actual = pairs(byTruth)
  return { precision: predicted ? tp / predicted : 1, recall: actual ? tp / actual : 1, largest: [...byKey.values()].reduce((a, b) => Math.max(a, b), 0), predicted }
}

const t0 = performance.now()
const rows = source()
const truth = Int32Array.from(rows, (r) => r.truth)
const records0 = table(rows)
console.log(`${values.dataset}: ${records0.size} records in ${((performance.now() - t0) / 1000).toFixed(1)} s`)

const t1 = performance.now()
const estimate = estimateParameters(records0, defaultStrategies(), { seed: 1, derivedFrom: DERIVED_LINKAGE_FIELDS })
console.log(`estimate in ${((performance.now() - t1) / 1000).toFixed(1)} s, converged ${estimate.converged}`)
for (const s of estimate.strategies) {
  console.log(`  ${s.name.padEnd(26)} pairs ${String(s.candidatePairs).padStart(10)}  λ ${s.lambda?.toFixed(4) ?? '-'}  ` +
    `expected ${s.expectedMatches?.toFixed(0) ?? '-'}  threshold ${s.configuredThreshold} → ${s.suggestedThreshold?.toFixed(2) ?? 'kept'}` +
    `  within-block pairs ${s.withinBlockPairs ?? '-'}\n    ${s.fields.filter((f) => f.mThisStrategy !== null).map((f) => `${f.field} m ${f.mThisStrategy!.toFixed(3)} u ${f.u.toPrecision(3)}` +
      (f.uSource === 'block' ? ` (random ${f.uRandom!.toPrecision(3)})` : '')).join(', ')}`)
}

for (const [name, strategies] of [['defaults', defaultStrategies()], ['estimated', withEstimates(defaultStrategies(), estimate)]] as [string, StrategySpec[]][]) {
  const t = performance.now()
  const linked = linkInMemory(records0, strategies, { groupStrategy: group })
  const q = quality(linked.keys.keyOf, truth)
  console.log(`${name.padEnd(9)} ${group}: precision ${q.precision.toFixed(4)} recall ${q.recall.toFixed(4)} largest group ${q.largest} ` +
    `kept pairs ${linked.match.pairs.length} (${((performance.now() - t) / 1000).toFixed(1)} s)`)
}
