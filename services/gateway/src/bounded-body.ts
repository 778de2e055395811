import type { Readable } from 'node:stream'

/**
 * Reads a request body into memory up to `limit` bytes; null as soon as it is longer (the rest is left
 * unread, not destroyed, so the 413 can still be written; the answer then closes the connection). Bodies of
 * JSON calls are small, and holding one lets the gateway answer 413 itself and hand the service a complete
 * body, so a service's early answer never meets a half-written request.
 */
export function readBounded(stream: Readable, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    const stop = () => { stream.off('data', onData); stream.off('end', onEnd); stream.off('error', onError) }
    const onData = (chunk: Buffer) => {
      size += chunk.length
      if (size > limit) { stop(); stream.pause(); resolve(null); return }
      chunks.push(chunk)
    }
    const onEnd = () => { stop(); resolve(Buffer.concat(chunks)) }
    const onError = (err: Error) => { stop(); reject(err) }
    stream.on('data', onData)
    stream.on('end', onEnd)
    stream.on('error', onError)
  })
}
