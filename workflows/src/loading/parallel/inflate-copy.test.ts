import { readdir, readFile, utimes, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { gzipSync } from 'node:zlib'
import t from 'tap'
import { EnvelopeRejected } from '../envelope/rejection.js'
import { inflateCopy } from './inflate-copy.js'

t.test('writes the decompressed bytes to a new hidden file in the given folder, not the data file\'s', async (t) => {
  const dir = t.testdir({ source: {}, work: {} })
  const text = 'id,name\n' + Array.from({ length: 5_000 }, (_, i) => `${i},name ${i}\n`).join('')
  await writeFile(join(dir, 'source/people.csv.gz'), gzipSync(text))
  const copy = await inflateCopy(join(dir, 'work'), join(dir, 'source/people.csv.gz'))
  t.equal(dirname(copy), join(dir, 'work'))
  t.match(copy, /\/\.[0-9a-f-]{36}\.inflated$/)
  t.equal(await readFile(copy, 'utf8'), text)
  t.same(await readdir(join(dir, 'source')), ['people.csv.gz'], 'the data file\'s folder is not written')
})

t.test('a stream past the cap or a broken one is refused as the one-thread path refuses it, and leaves nothing', async (t) => {
  const dir = t.testdir({ work: {} })
  await writeFile(join(dir, 'big.csv.gz'), gzipSync(Buffer.alloc(100_000, 'a')))
  const big = await inflateCopy(join(dir, 'work'), join(dir, 'big.csv.gz'), 50_000).catch((e: unknown) => e)
  t.ok(big instanceof EnvelopeRejected)
  t.equal((big as EnvelopeRejected).message, 'The data file big.csv.gz cannot be read: it is larger than 50000 bytes.')
  await writeFile(join(dir, 'plain.csv.gz'), 'not gzip at all\n')
  const broken = await inflateCopy(join(dir, 'work'), join(dir, 'plain.csv.gz')).catch((e: unknown) => e)
  t.match((broken as Error).message, /^The data file plain\.csv\.gz cannot be read: it is not a valid gzip file/)
  t.same(await readdir(join(dir, 'work')), [])
})

t.test('copies a day old are removed; newer ones, and other files, are left', async (t) => {
  const dir = t.testdir({ work: { '.old.inflated': 'x', '.new.inflated': 'y', 'old-report.csv': 'z' } })
  const dayAgo = new Date(Date.now() - 25 * 3_600_000)
  await utimes(join(dir, 'work/.old.inflated'), dayAgo, dayAgo)
  await utimes(join(dir, 'work/old-report.csv'), dayAgo, dayAgo)
  await writeFile(join(dir, 'a.csv.gz'), gzipSync('id\n1\n'))
  const copy = await inflateCopy(join(dir, 'work'), join(dir, 'a.csv.gz'))
  t.same((await readdir(join(dir, 'work'))).sort(), ['.new.inflated', copy.split('/').pop(), 'old-report.csv'].sort())
})
