/**
 * How good a benchmark project's stored keys are (issue 18: speed must not be bought with accuracy unseen): the
 * synthetic generator's ground truth (`rec_id,entity_id`, writeSyntheticDataset's truth file) is copied into a
 * temporary table and compared with the project's current keys in Postgres, so ten million records cost the
 * bench no memory. Pairwise, as bench:accuracy counts: a predicted pair is two records with one key, a true pair
 * two records of one person; a record that was sent but holds no key loses all its true pairs.
 */
import { createReadStream } from 'node:fs'
import { pipeline } from 'node:stream/promises'
import pg from 'pg'
import { from as copyFrom } from 'pg-copy-streams'

export interface KeyQuality {
  truePairs: number
  predictedPairs: number
  correctPairs: number
  precision: number
  recall: number
  /** Records in the largest group: merge grouping that chains through wrong pairs shows here first. */
  largestGroup: number
}

const pairs = (count: string) => `sum(${count}::numeric * (${count} - 1) / 2)`

export async function keyQuality(databaseUrl: string, projectId: number, truthPath: string): Promise<KeyQuality> {
  if (!Number.isInteger(projectId)) throw new Error('project id must be an integer')
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    await client.query('create temp table truth (rec_id text, entity_id bigint)')
    await pipeline(createReadStream(truthPath), client.query(copyFrom('copy truth from stdin with (format csv, header true)')))
    await client.query(`create temp table keyed as select t.entity_id, k.key_number from truth t
      join project_${projectId}.records r on r."sourceUniqueId" = t.rec_id and r.end_dated_at is null
      join project_${projectId}.record_keys k on k.record_id = r.id and k.to_revision is null`)
    const { rows: [row] } = await client.query<Record<string, string | null>>(`select
      (select ${pairs('n')} from (select count(*) n from truth group by entity_id) g) as true_pairs,
      (select ${pairs('n')} from (select count(*) n from keyed group by key_number) g) as predicted_pairs,
      (select ${pairs('n')} from (select count(*) n from keyed group by entity_id, key_number) g) as correct_pairs,
      (select max(n) from (select count(*) n from keyed group by key_number) g) as largest_group`)
    const num = (v: string | null | undefined) => Number(v ?? 0)
    const truePairs = num(row?.true_pairs), predictedPairs = num(row?.predicted_pairs), correctPairs = num(row?.correct_pairs)
    return { truePairs, predictedPairs, correctPairs, largestGroup: num(row?.largest_group),
      precision: predictedPairs === 0 ? 1 : correctPairs / predictedPairs, recall: truePairs === 0 ? 1 : correctPairs / truePairs }
  } finally {
    await client.end()
  }
}

export const qualityLine = (q: KeyQuality) => `precision ${q.precision.toFixed(4)}, recall ${q.recall.toFixed(4)} ` +
  `(${q.correctPairs} of ${q.predictedPairs} predicted pairs true, of ${q.truePairs} true pairs); largest group ${q.largestGroup} records`
