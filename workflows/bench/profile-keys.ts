/**
 * Profiles storing a project's first keys (records/linkage-keys.ts) with the keys a linkage already stored:
 *   node --import tsx workflows/bench/profile-keys.ts --database postgres://…/lig_test_… --project 1 --rounds 2
 * A bench:linkage run leaves such a store when its scratch database is kept (LIGATURE_KEEP_TEST_DB=1). Each round
 * writes the project's current keys, as fresh keys, into an empty scratch store in a transaction that it then
 * rolls back, and prints the seconds of the write and of each of its statements over 50 ms. The scratch store
 * is dropped at the end. To compare two versions, run this script from both checkouts, alternating.
 */
import { parseArgs } from 'node:util'
import pg from 'pg'
import { writeKeys } from '../src/records/linkage-keys.js'
import { ensureRecordStore, projectSchema, quoteIdent } from '../src/records/record-schema.js'
import { timeStatements } from './support/statement-timer.js'

const SCRATCH_PROJECT = 999_999
const { values } = parseArgs({ options: {
  database: { type: 'string' }, project: { type: 'string', default: '1' }, rounds: { type: 'string', default: '1' },
} })
if (!values.database) throw new Error('--database is required: the URL of a database holding a linked record store')
const client = new pg.Client({ connectionString: values.database })
await client.connect()
const source = quoteIdent(projectSchema(Number(values.project)))
const { rows } = await client.query<{ record_id: string; key_number: string }>(
  `select record_id, key_number from ${source}.record_keys where to_revision is null order by record_id`)
const ids = Float64Array.from(rows, (r) => Number(r.record_id))
const keyOf = Float64Array.from(rows, (r) => Number(r.key_number))
const nextKey = keyOf.reduce((a, b) => Math.max(a, b), 0) + 1
const scratch = await ensureRecordStore(client, SCRATCH_PROJECT)
const timer = timeStatements(client)
try {
  for (let round = 1; round <= Number(values.rounds); round++) {
    await client.query('begin')
    const t = performance.now()
    await writeKeys(client, scratch, 1, ids, new Float64Array(ids.length), keyOf, nextKey)
    const seconds = ((performance.now() - t) / 1000).toFixed(2)
    await client.query('rollback')
    console.log(`round ${round}: ${ids.length} first keys written in ${seconds} s (rolled back)`)
    for (const step of timer.drain()) if (!step.includes('rollback')) console.log(step)
  }
} finally {
  await client.query(`drop schema ${quoteIdent(scratch)} cascade`)
  await client.end()
}
