import type yauzl from 'yauzl'
import type { RawEntry } from './open-zip.js'
import { fromZipReaderError } from './rejection.js'

/**
 * Turns yauzl's lazy entry events into an async iterable: the next central-directory record is read only when
 * the caller asks for it, so a zip claiming millions of entries costs nothing until they are walked.
 */
export async function* readEntries(zip: yauzl.ZipFile): AsyncGenerator<RawEntry> {
  let settle: ((r: { entry?: RawEntry; error?: Error; done?: boolean }) => void) | undefined
  const deliver = (r: { entry?: RawEntry; error?: Error; done?: boolean }) => {
    const s = settle
    settle = undefined
    s?.(r)
  }
  const onEntry = (entry: RawEntry) => deliver({ entry })
  const onEnd = () => deliver({ done: true })
  const onError = (error: Error) => deliver({ error })
  zip.on('entry', onEntry)
  zip.on('end', onEnd)
  zip.on('error', onError)
  try {
    for (;;) {
      const next = new Promise<{ entry?: RawEntry; error?: Error; done?: boolean }>((ok) => (settle = ok))
      zip.readEntry()
      const r = await next
      if (r.error) throw fromZipReaderError(r.error.message)
      if (r.done || !r.entry) return
      yield r.entry
    }
  } finally {
    zip.off('entry', onEntry)
    zip.off('end', onEnd)
    zip.off('error', onError)
  }
}
