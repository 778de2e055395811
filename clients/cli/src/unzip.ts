/** Unpacks a downloaded result zip into a folder, refusing entries that would land outside it. */
import { createWriteStream } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import { dirname, join, resolve, sep } from 'node:path'
import { pipeline } from 'node:stream/promises'
import yauzl from 'yauzl'
import { CliError } from './errors.js'

export async function unzip(zipPath: string, target: string): Promise<string[]> {
  const root = resolve(target)
  const zip = await new Promise<yauzl.ZipFile>((ok, fail) => yauzl.open(zipPath, { lazyEntries: true }, (e, z) => (e ? fail(new CliError(`${zipPath} is not a zip: ${e.message}`)) : ok(z))))
  const files: string[] = []
  try {
    for (;;) {
      const entry = await new Promise<yauzl.Entry | null>((ok, fail) => {
        zip.once('entry', ok).once('end', () => ok(null)).once('error', fail)
        zip.readEntry()
      })
      if (!entry) break
      zip.removeAllListeners('entry'); zip.removeAllListeners('end')
      const dest = resolve(root, entry.fileName)
      if (!dest.startsWith(root + sep)) throw new CliError(`${zipPath} holds an entry outside its folder (${entry.fileName}); not unpacked.`)
      if (entry.fileName.endsWith('/')) { await mkdir(dest, { recursive: true }); continue }
      await mkdir(dirname(dest), { recursive: true })
      const stream = await new Promise<NodeJS.ReadableStream>((ok, fail) => zip.openReadStream(entry, (e, s) => (e ? fail(e) : ok(s))))
      await pipeline(stream, createWriteStream(dest))
      files.push(join(target, entry.fileName))
    }
  } finally {
    zip.close()
  }
  return files
}
