import type { Readable } from 'node:stream'
import { StringDecoder } from 'node:string_decoder'

export interface Line {
  /** One-based line number. */
  number: number
  text: string
}

/**
 * Splits a UTF-8 byte stream into lines (LF or CRLF; a leading BOM is dropped). Unlike readline it refuses a
 * line longer than `maxChars`, so a file without line breaks cannot grow one string without bound.
 */
export async function* readLines(bytes: Readable, maxChars: number, onTooLong: (line: number) => Error): AsyncGenerator<Line> {
  const decoder = new StringDecoder('utf8')
  let pending = ''
  let number = 0
  let first = true
  for await (const chunk of bytes) {
    let text = pending + decoder.write(chunk as Buffer)
    if (first && text.length > 0) {
      text = text.replace(/^\uFEFF/, '')
      first = false
    }
    let start = 0
    for (let nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n', start)) {
      const end = nl > start && text.charCodeAt(nl - 1) === 13 ? nl - 1 : nl
      if (end - start > maxChars) throw onTooLong(number + 1)
      yield { number: ++number, text: text.slice(start, end) }
      start = nl + 1
    }
    pending = text.slice(start)
    if (pending.length > maxChars) throw onTooLong(number + 1)
  }
  pending += decoder.end()
  if (pending.endsWith('\r')) pending = pending.slice(0, -1)
  if (pending.length > 0) yield { number: ++number, text: pending }
}
