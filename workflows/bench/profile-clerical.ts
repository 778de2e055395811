/**
 * Profiles the clerical-review list (review/clerical-review.ts) on a record store that a linkage already filled:
 *   node --import tsx workflows/bench/profile-clerical.ts --database postgres://…/lig_test_… --project 1 --linkage 1
 * A bench:linkage run leaves such a store when its scratch database is kept (LIGATURE_KEEP_TEST_DB=1). The band
 * is the default match strategies' thresholds, as the bench configures them. Each round writes the list once and
 * prints its seconds, counts and file size, then each statement that took over 50 ms (--steps); nothing in the
 * store changes (the list's tables are temporary).
 * To compare two versions, run this script from both checkouts against the same database, alternating.
 */
import { parseArgs } from 'node:util'
import { mkdtemp, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { writeClericalReview } from '../src/review/clerical-review.js'
import { projectSchema } from '../src/records/record-schema.js'
import { defaultStrategies } from './support/scratch-load.js'
import { timeStatements } from './support/statement-timer.js'

const { values } = parseArgs({ options: {
  database: { type: 'string' }, project: { type: 'string', default: '1' }, linkage: { type: 'string', default: '1' },
  rounds: { type: 'string', default: '1' }, steps: { type: 'boolean', default: false },
} })
if (!values.database) throw new Error('--database is required: the URL of a database holding a linked record store')
const client = new pg.Client({ connectionString: values.database })
await client.connect()
const timer = values.steps ? timeStatements(client) : null
const dir = await mkdtemp(join(tmpdir(), 'ligature-profile-clerical-'))
const band = { linkageId: Number(values.linkage), thresholds: defaultStrategies().map((s) => ({ name: s.name, threshold: s.threshold })) }
try {
  for (let round = 1; round <= Number(values.rounds); round++) {
    const path = join(dir, `round-${round}.csv`)
    const t = performance.now()
    const listed = await writeClericalReview(client, projectSchema(Number(values.project)), band, [], { path, projectCode: 'BENCH', eventTypeCodeOf: new Map() })
    const seconds = ((performance.now() - t) / 1000).toFixed(2)
    const bytes = listed ? (await stat(path)).size : 0
    console.log(`round ${round}: ${seconds} s; ${listed ? `${listed.counts.pairs} band pairs (${listed.counts.pairsLinked} linked), ${listed.records} records listed, ${(bytes / 1024 ** 2).toFixed(1)} MiB` : 'nothing listed'}`)
    for (const step of timer?.drain() ?? []) console.log(step)
  }
} finally {
  await client.end()
  await rm(dir, { recursive: true, force: true })
}
