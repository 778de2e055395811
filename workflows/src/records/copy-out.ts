/**
 * Reads a query's rows with `COPY (…) TO STDOUT` in text format: several times cheaper than a row-mode
 * query for millions of rows (no per-row protocol message, no per-row objects). Rows reach `onRow` as one
 * reused array of decoded field values (null for SQL NULL); copy what you keep.
 */
import { Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { StringDecoder } from 'node:string_decoder'
import type pg from 'pg'
import { to as copyTo } from 'pg-copy-streams'

export type CopyRowHandler = (fields: (string | null)[]) => void

export async function copyOut(client: pg.ClientBase, query: string, onRow: CopyRowHandler): Promise<number> {
  const decoder = new StringDecoder('utf8')
  const fields: (string | null)[] = []
  let rest = ''
  let rows = 0
  const consume = (text: string, final: boolean) => {
    let start = 0
    for (;;) {
      const end = text.indexOf('\n', start)
      if (end === -1) break
      splitFields(text, start, end, fields)
      onRow(fields)
      rows++
      start = end + 1
    }
    rest = text.slice(start)
    if (final && rest !== '') throw new Error('COPY output ended inside a row')
  }
  await pipeline(client.query(copyTo(`copy (${query}) to stdout`)), new Writable({
    write(chunk: Buffer, _encoding, done) {
      try { consume(rest + decoder.write(chunk), false); done() } catch (err) { done(err as Error) }
    },
    final(done) {
      try { consume(rest + decoder.end(), true); done() } catch (err) { done(err as Error) }
    },
  }))
  return rows
}

function splitFields(text: string, start: number, end: number, out: (string | null)[]): void {
  out.length = 0
  let from = start
  for (;;) {
    const tab = text.indexOf('\t', from)
    const to = tab === -1 || tab > end ? end : tab
    out.push(decodeField(text, from, to))
    if (to === end) return
    from = to + 1
  }
}

const ESCAPES: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', '\\': '\\' }

/** One field of COPY text format: `\N` is NULL, backslash escapes as the Postgres manual lists them. */
export function decodeField(text: string, from: number, to: number): string | null {
  const slash = text.indexOf('\\', from)
  if (slash === -1 || slash >= to) return text.slice(from, to)
  if (to - from === 2 && text[from + 1] === 'N') return null
  let out = ''
  for (let k = from; k < to; k++) {
    const ch = text[k]!
    if (ch !== '\\' || k + 1 >= to) { out += ch; continue }
    const next = text[++k]!
    if (next in ESCAPES) { out += ESCAPES[next]; continue }
    if (next >= '0' && next <= '7') {
      let digits = next
      while (digits.length < 3 && k + 1 < to && text[k + 1]! >= '0' && text[k + 1]! <= '7') digits += text[++k]
      out += String.fromCharCode(parseInt(digits, 8))
      continue
    }
    if (next === 'x' && k + 1 < to && /[0-9a-fA-F]/.test(text[k + 1]!)) {
      let digits = text[++k]!
      if (k + 1 < to && /[0-9a-fA-F]/.test(text[k + 1]!)) digits += text[++k]
      out += String.fromCharCode(parseInt(digits, 16))
      continue
    }
    out += next
  }
  return out
}
