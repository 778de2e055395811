/**
 * One extraction end to end on the worker: in one repeatable-read transaction (the map and the report of
 * unknown ids see the same data), COPY the map out of the project's record store, turn it into the
 * delimited output, zip it with its manifest and stream the zip to the results service. Memory stays flat:
 * every stage is a stream with back-pressure, from Postgres to the results volume.
 */
import type { Readable } from 'node:stream'
import type pg from 'pg'
import { to as copyTo } from 'pg-copy-streams'
import { ZipFile } from 'yazl'
import type { Result } from '@ligature/contracts'
import { loadIdList } from './ids-file.js'
import { linkageMapSql, unknownIdsSql, type MapQueryInput } from './map-query.js'
import { LinkageMapTransform, type MapOutput } from './map-transform.js'
import { resultManifestXml, type ResultManifest } from './result-manifest.js'
import { KEY_LINEAGE_FILE_NAME, keyLineageFile } from './key-lineage-file.js'
import { previousKeysSql } from '../records/key-lineage.js'

export const DATA_FILE_NAME = 'data-extract.csv'
/** How many unknown ids a notification names (all are counted). */
export const UNKNOWN_IDS_LISTED = 50

export interface ExtractMapInput {
  schema: string
  eventTypeId: number
  asOf: string | null
  /** Extraction envelopes: the file of Source Unique IDs to extract. */
  idsPath: string | null
  output: MapOutput
  manifest: Omit<ResultManifest, 'rows' | 'dataFileName'>
  upload: (zip: Readable) => Promise<Result>
  /** Enduring extractions add `key-lineage.csv` (where ended and split keys went). */
  keyLineage?: boolean
  onProgress?: (rows: number) => void
}

export interface ExtractMapOutcome { rows: number; listedIds: number | null; unknownIds: number; unknownSample: string[]; result: Result }

export async function extractLinkageMap(pool: pg.Pool, input: ExtractMapInput): Promise<ExtractMapOutcome> {
  const client = await pool.connect()
  let broken: Error | undefined
  try {
    await client.query('begin isolation level repeatable read')
    const listedIds = input.idsPath ? await loadIdList(client, input.idsPath) : null
    // Previous Enduring Keys: only when the settings list the column, and never for a snapshot (masked keys).
    const previousKeys = input.asOf === null && input.output.columns.some((c) => c.column === 'previousEnduringKeys')
    if (previousKeys) await client.query(previousKeysSql(input.schema))
    const query: MapQueryInput = { schema: input.schema, eventTypeId: input.eventTypeId, asOf: input.asOf, onlyListedIds: listedIds !== null, previousKeys }
    let unknownIds = 0, unknownSample: string[] = []
    if (listedIds !== null) {
      const sample = await client.query(unknownIdsSql(query, UNKNOWN_IDS_LISTED))
      unknownSample = sample.rows.map((r: { suid: string }) => r.suid)
      const inMap = await client.query<{ n: string }>(`select count(*) as n from (${linkageMapSql(query)}) m`)
      unknownIds = listedIds - Number(inMap.rows[0]!.n)
    }
    const lineage = input.keyLineage ? await keyLineageFile(client, input.schema) : null
    const transform = new LinkageMapTransform(input.output)
    const copy = client.query(copyTo(`copy (${linkageMapSql(query)}) to stdout`))
    const zip = new ZipFile()
    let sinceBeat = 0
    transform.on('data', () => { if (transform.rows - sinceBeat >= 50_000) { sinceBeat = transform.rows; input.onProgress?.(transform.rows) } })
    copy.on('error', (err: Error) => transform.destroy(err))
    // The manifest carries the row count, so it is added once the data entry has been read to the end.
    transform.on('end', () => {
      if (lineage) zip.addBuffer(lineage, KEY_LINEAGE_FILE_NAME, { compress: true, compressionLevel: 1 })
      zip.addBuffer(Buffer.from(resultManifestXml({ ...input.manifest, rows: transform.rows, dataFileName: DATA_FILE_NAME })), 'manifest.xml')
      zip.end()
    })
    transform.on('error', (err: Error) => (zip.outputStream as Readable).destroy(err))
    // Fast deflate: a map of identifiers and keys compresses ~8:1 at level 1; level 6 saves little more at 2–3× the CPU.
    zip.addReadStream(copy.pipe(transform), DATA_FILE_NAME, { compress: true, compressionLevel: 1 })
    const result = await input.upload(zip.outputStream as Readable).catch((err: Error) => {
      broken = err
      copy.destroy(err)
      throw err
    })
    await client.query('commit')
    return { rows: transform.rows, listedIds, unknownIds, unknownSample, result }
  } catch (err) {
    broken ??= err as Error
    await client.query('rollback').catch(() => {})
    throw err
  } finally {
    // A connection whose COPY was cut off mid-stream is not reused.
    client.release(broken)
  }
}
