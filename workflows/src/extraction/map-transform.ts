/**
 * Turns the COPY text of `linkageMapSql` into the extraction output's delimited lines: decodes each row,
 * masks (snapshot) or formats (enduring) its key, and writes the configured columns in order. Keys of one
 * chunk are masked in one batch. Never holds more than a chunk: memory does not grow with the map.
 */
import { Transform, type TransformCallback } from 'node:stream'
import { StringDecoder } from 'node:string_decoder'
import { formatKey } from '@ligature/engine'
import type { ExtractionColumn } from '@ligature/contracts'
import { splitFields } from '../records/copy-out.js'
import { csvField, csvLine } from './csv.js'
import type { KeyMask } from './key-mask.js'

export interface MapOutput {
  columns: { column: ExtractionColumn; name: string }[]
  delimiter: string
  /** Snapshot projects mask keys; enduring ones write `LK…` keys. */
  mask: KeyMask | null
  constants: { eventTypeCode: string; linkageProjectCode: string; extractionProjectId: string }
}

export class LinkageMapTransform extends Transform {
  rows = 0
  private readonly decoder = new StringDecoder('utf8')
  private rest = ''
  private readonly fields: (string | null)[] = []
  private headerDone = false
  /** One output line from the values that vary; constant columns are quoted once, up front. */
  private readonly writeRow: RowWriter

  constructor(private readonly out: MapOutput) {
    super()
    this.writeRow = rowWriter(out)
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    try { this.consume(this.rest + this.decoder.write(chunk), false); done() } catch (err) { done(err as Error) }
  }

  override _flush(done: TransformCallback): void {
    try { this.consume(this.rest + this.decoder.end(), true); done() } catch (err) { done(err as Error) }
  }

  private consume(text: string, final: boolean): void {
    let out = ''
    if (!this.headerDone) { out += csvLine(this.out.columns.map((c) => c.name), this.out.delimiter); this.headerDone = true }
    const suids: string[] = [], personIds: string[] = [], keys: number[] = [], linked: (string | null)[] = [], previous: (string | null)[] = []
    let start = 0
    for (;;) {
      const end = text.indexOf('\n', start)
      if (end === -1) break
      splitFields(text, start, end, this.fields)
      suids.push(this.fields[0] ?? ''); personIds.push(this.fields[1] ?? ''); keys.push(Number(this.fields[2])); linked.push(this.fields[3] ?? null); previous.push(this.fields[4] ?? null)
      start = end + 1
    }
    this.rest = text.slice(start)
    if (final && this.rest !== '') throw new Error('COPY output ended inside a row')
    const personKeys: string[] = []
    if (this.out.mask) this.out.mask.maskBatch(keys, keys.length, personKeys)
    else for (const k of keys) personKeys.push(formatKey(k))
    const writeRow = this.writeRow
    for (let i = 0; i < suids.length; i++) out += writeRow(personKeys[i]!, suids[i]!, personIds[i]!, linked[i] ? formatKey(Number(linked[i])) : '', previousKeysText(previous[i] ?? null))
    this.rows += suids.length
    if (out) this.push(Buffer.from(out, 'utf8'))
  }

}

/**
 * The Previous Enduring Keys cell from a COPY array (`{3,5}`; null when the key has none, and always in
 * snapshots): the keys as `LK…`, space-separated (no delimiter choice is a space, so never quoted).
 */
export function previousKeysText(array: string | null): string {
  if (array === null || array.length <= 2) return ''
  return array.slice(1, -1).split(',').map((k) => formatKey(Number(k))).join(' ')
}

type RowWriter = (personKey: string, suid: string, personId: string, linkedKey: string, previousKeys: string) => string

function rowWriter({ columns, delimiter, constants }: MapOutput): RowWriter {
  const parts = columns.map(({ column }) => {
    switch (column) {
      case 'personKey': return 0
      case 'sourceUniqueId': return 1
      case 'sourcePersonId': return 2
      case 'eventTypeCode': return csvField(constants.eventTypeCode, delimiter)
      case 'linkageProjectCode': return csvField(constants.linkageProjectCode, delimiter)
      case 'extractionProjectId': return csvField(constants.extractionProjectId, delimiter)
      // The reference project's enduring key (project-to-project linkage; blank when none).
      case 'linkedProjectPersonKey': return 3
      // Key lineage: earlier enduring keys that came to this record's key (blank in snapshots).
      case 'previousEnduringKeys': return 4
    }
  })
  return (personKey, suid, personId, linkedKey, previousKeys) => {
    let line = ''
    for (let i = 0; i < parts.length; i++) {
      if (i > 0) line += delimiter
      const p = parts[i]!
      // Person keys are hex digits or `LK` + digits: never quoted.
      line += typeof p === 'string' ? p : p === 0 ? personKey : p === 3 ? linkedKey : p === 4 ? previousKeys : csvField(p === 1 ? suid : personId, delimiter)
    }
    return line + '\r\n'
  }
}
