import yauzl from 'yauzl'

/** Every entry of a zip held in memory, as text (result zips in tests are small). */
export function unzipText(bytes: Buffer): Promise<Map<string, string>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('no zip'))
      const files = new Map<string, string>()
      zip.on('error', reject)
      zip.on('end', () => resolve(files))
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e ?? new Error('no stream'))
          const chunks: Buffer[] = []
          stream.on('data', (c: Buffer) => chunks.push(c))
          stream.on('end', () => { files.set(entry.fileName, Buffer.concat(chunks).toString('utf8')); zip.readEntry() })
          stream.on('error', reject)
        })
      })
      zip.readEntry()
    })
  })
}

/** The extraction output's CSV as rows of named values (comma or the given delimiter; no quoting in tests). */
export function csvRows(text: string, delimiter = ','): Record<string, string>[] {
  const [header, ...lines] = text.trimEnd().split('\r\n')
  const names = header!.split(delimiter)
  return lines.map((l) => Object.fromEntries(l.split(delimiter).map((v, i) => [names[i], v])))
}
