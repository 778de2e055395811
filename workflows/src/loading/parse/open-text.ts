import { createReadStream } from 'node:fs'
import { basename } from 'node:path'
import { PassThrough, Transform, pipeline, type Readable } from 'node:stream'
import { createGunzip } from 'node:zlib'
import { EnvelopeRejected } from '../envelope/rejection.js'

/** Longest record or line accepted; anything longer is a broken file (e.g. an unclosed quote), not a record. */
export const MAX_RECORD_CHARS = 1024 * 1024

/** Cap on the bytes a data file may decompress to: a gzip bomb then costs bounded time, not endless rows. */
export const DEFAULT_MAX_DATA_BYTES = 32 * 1024 ** 3

export const isGzipName = (path: string) => /\.(gz|gzip)$/i.test(path)

/**
 * Opens a data file as a byte stream, gunzipping `.gz`/`.gzip` files, and fails the stream with an
 * `InvalidDataFile` rejection once more than `maxBytes` come out.
 */
export function openDataBytes(path: string, maxBytes = DEFAULT_MAX_DATA_BYTES): Readable {
  const name = basename(path)
  let seen = 0
  const cap = new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length
      if (seen > maxBytes) return done(dataFileError(name, `it is larger than ${maxBytes} bytes`))
      done(null, chunk)
    },
  })
  // `out` stays outside the pipeline so that it fails with our error, not with the raw one pipeline gives it.
  const out = new PassThrough()
  const stages: NodeJS.ReadWriteStream[] = isGzipName(path) ? [createGunzip(), cap] : [cap]
  const source = createReadStream(path)
  pipeline([source, ...stages], (err) => {
    if (!err) return
    const gz = err.code?.startsWith('Z_')
    out.destroy(gz ? dataFileError(name, `it is not a valid gzip file (${err.message})`) : err)
  })
  cap.pipe(out)
  out.on('close', () => source.destroy())
  return out
}

export function dataFileError(fileName: string, detail: string): EnvelopeRejected {
  return new EnvelopeRejected('InvalidDataFile', `The data file ${fileName} cannot be read: ${detail}.`)
}
