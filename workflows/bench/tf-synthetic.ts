/**
 * Term-frequency adjustment on the engine's synthetic people (issue 16), a check on data with another error
 * model than FEBRL's (nicknames, long-tail name frequencies, moved addresses, date typos, missing fields):
 * node --import tsx workflows/bench/tf-synthetic.ts [records] [seed]
 * Links the records in memory (merge) with the default strategies as they are, with term frequencies off and on
 * for given name and surname, and prints pairwise precision/recall/F1 against the generator's entity ids.
 * Nothing is tuned: same strategies and threshold in both runs.
 */
import { DEFAULT_COLUMNS, defaultStrategies, linkInMemory, RecordTable, soundex, syntheticPeople, type StrategySpec } from '@ligature/engine'
import { linkageQuality } from './metrics.js'

const records = Number(process.argv[2] ?? 20_000), seed = Number(process.argv[3] ?? 11)
const people = [...syntheticPeople({ records, seed })]
const code = (s: string) => soundex(s.toUpperCase().replace(/[^A-Z]/g, ''))
const table = RecordTable.fromRows(people.map((p) => ({
  givenName: p.givenName, surname: p.surname, sex: p.sex, addressLine: p.addressLine, suburb: p.suburb, postcode: p.postcode,
  state: p.state, dateOfBirth: p.dateOfBirth, doby: p.dateOfBirth.slice(0, 4), dobm: p.dateOfBirth.slice(4, 6), dobd: p.dateOfBirth.slice(6, 8),
  surnameSoundex: code(p.surname), givenNameSoundex: code(p.givenName), givenNameInitial: p.givenName.slice(0, 1),
})), DEFAULT_COLUMNS)
const names = (on: boolean): StrategySpec[] => defaultStrategies().map((s) => ({ ...s, matchingFields: s.matchingFields.map((f) =>
  (f.field === 'givenName' || f.field === 'surname' ? { ...f, termFrequency: on } : f)) }))
console.log(`synthetic people: ${records} records, seed ${seed}; default strategies, merge grouping`)
console.log('name TF  precision  recall   F1')
for (const on of [false, true]) {
  const result = linkInMemory(table, names(on), { groupStrategy: 'MergeInMemory' })
  const q = linkageQuality(people.map((p) => String(p.entityId)), Array.from(result.keys.keyOf, String))
  console.log(`${(on ? 'on' : 'off').padEnd(7)}  ${q.precision.toFixed(4)}     ${q.recall.toFixed(4)}   ${q.f1.toFixed(4)}`)
}
