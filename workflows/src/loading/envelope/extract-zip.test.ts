import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import t, { type Test } from 'tap'
import { extractEnvelope } from './extract-zip.js'
import { EnvelopeRejected } from './rejection.js'
import { buildZip, type FixtureEntry } from './zip-fixture.js'
import { DEFAULT_ZIP_LIMITS, type ZipLimits } from './zip-limits.js'

async function attempt(t: Test, zip: Buffer, limits: ZipLimits = DEFAULT_ZIP_LIMITS) {
  const dir = t.testdir({})
  await writeFile(join(dir, 'env.zip'), zip)
  const run = extractEnvelope(join(dir, 'env.zip'), join(dir, 'work', 'env'), limits)
  return { dir, run }
}

/** Rejection with the expected code, and nothing but the zip and an empty work folder left behind. */
async function expectRejected(t: Test, zip: Buffer, code: string, limits?: ZipLimits) {
  const { dir, run } = await attempt(t, zip, limits)
  const err = await run.then(() => undefined, (e: unknown) => e)
  t.ok(err instanceof EnvelopeRejected, `rejected (${String(err)})`)
  t.equal((err as EnvelopeRejected).code, code)
  t.match((err as EnvelopeRejected).message, /^The envelope/)
  t.same((await readdir(dir)).sort(), ['env.zip', 'work'])
  t.same(await readdir(join(dir, 'work')), [], 'no partial or target folder left')
}

t.test('extracts a well-formed envelope, folders included', async (t) => {
  const zip = buildZip([
    { name: 'manifest.xml', data: '<Manifest/>' },
    { name: 'data/', data: '' },
    { name: 'data/people.csv', data: 'a,b\n1,2\n'.repeat(1000) },
    { name: 'notes.txt', data: 'stored', method: 0 },
  ])
  const { dir, run } = await attempt(t, zip)
  const result = await run
  t.same(result.files.map((f) => f.path), ['manifest.xml', 'data/people.csv', 'notes.txt'])
  t.equal(result.totalBytes, 11 + 8000 + 6)
  t.equal(await readFile(join(dir, 'work/env/data/people.csv'), 'utf8'), 'a,b\n1,2\n'.repeat(1000))
  t.same((await readdir(join(dir, 'work'))).sort(), ['env'])
})

t.test('extracts entries of several inflate chunks byte for byte, deflated and stored', async (t) => {
  // Lines of varying content, so the deflated entry is neither one repeated block nor incompressible.
  const lines = Array.from({ length: 90_000 }, (_, i) => `${i},${(i * 2654435761) >>> 0},${String.fromCharCode(97 + (i % 26)).repeat(i % 17)}\n`)
  const data = Buffer.from(lines.join(''))
  t.ok(data.length > 2 * 1024 ** 2, 'more than two chunks of 1 MiB')
  const { dir, run } = await attempt(t, buildZip([{ name: 'big.csv', data }, { name: 'big-stored.csv', data, method: 0 }]))
  const result = await run
  t.same(result.files.map((f) => f.bytes), [data.length, data.length])
  t.ok(data.equals(await readFile(join(dir, 'work/env/big.csv'))), 'the deflated entry as written')
  t.ok(data.equals(await readFile(join(dir, 'work/env/big-stored.csv'))), 'the stored entry as written')
})

t.test('refuses an existing target folder instead of mixing two extractions', async (t) => {
  const dir = t.testdir({ 'env.zip': buildZip([{ name: 'a.txt', data: 'x' }]), work: { env: {} } })
  await t.rejects(extractEnvelope(join(dir, 'env.zip'), join(dir, 'work/env')), /already exists/)
})

t.test('refuses files that are not usable zips', async (t) => {
  const good = buildZip([{ name: 'data.csv', data: 'x,y\n'.repeat(500) }])
  t.test('0-byte upload', (t) => expectRejected(t, Buffer.alloc(0), 'EmptyFile'))
  t.test('plain text', (t) => expectRejected(t, Buffer.from('name,dob\nSmith,1970-01-01\n'), 'NotAZip'))
  t.test('cut off', (t) => expectRejected(t, good.subarray(0, good.length - 30), 'Truncated'))
  t.test('CRC mismatch', (t) => expectRejected(t, buildZip([{ name: 'a.csv', data: 'abc', crc: 1234 }]), 'Corrupt'))
  t.test('garbage deflate data', (t) => {
    const zip = buildZip([{ name: 'a.csv', data: 'abcdefgh', method: 0 }])
    zip.writeUInt16LE(8, 8) // local header says deflate: bytes "abcdefgh" are not a valid deflate stream
    zip.writeUInt16LE(8, zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])) + 10)
    return expectRejected(t, zip, 'Corrupt')
  })
  t.test('encrypted entry', (t) => expectRejected(t, buildZip([{ name: 'a.csv', data: 'secret', flags: 1 }]), 'Encrypted'))
  t.test('unsupported method', (t) => expectRejected(t, buildZip([{ name: 'a.csv', data: 'x', method: 12 }]), 'UnsupportedCompression'))
  t.end()
})

t.test('refuses zip-slip names and links', async (t) => {
  const names = ['../evil.txt', 'a/../../evil.txt', '/etc/evil.txt', 'a\\..\\evil.txt', 'C:/evil.txt', 'c:evil.txt', './a.txt', 'a//b.txt', 'a\u0000b.txt']
  for (const name of names) {
    t.test(JSON.stringify(name), (t) => expectRejected(t, buildZip([{ name, data: 'pwned' }]), 'UnsafePath'))
  }
  t.test('symlink', (t) =>
    expectRejected(t, buildZip([{ name: 'link', data: '/etc/passwd', unixMode: 0o120777 }]), 'UnsupportedEntryType'))
  t.test('unix regular files are fine', async (t) => {
    const { run } = await attempt(t, buildZip([{ name: 'a.csv', data: 'ok', unixMode: 0o100644 }]))
    t.equal((await run).files.length, 1)
  })
  t.end()
})

t.test('refuses duplicates and name clashes', async (t) => {
  const cases: Record<string, FixtureEntry[]> = {
    same: [{ name: 'data.csv', data: '1' }, { name: 'data.csv', data: '2' }],
    'differs in case only': [{ name: 'Data.csv', data: '1' }, { name: 'data.CSV', data: '2' }],
    'file then folder': [{ name: 'data', data: '1' }, { name: 'data/x.csv', data: '2' }],
    'folder then file': [{ name: 'data/x.csv', data: '1' }, { name: 'data', data: '2' }],
  }
  for (const [label, entries] of Object.entries(cases)) {
    t.test(label, (t) => expectRejected(t, buildZip(entries), 'DuplicateEntry'))
  }
  t.end()
})

t.test('enforces count, size and ratio limits', async (t) => {
  const small: ZipLimits = { maxEntries: 5, maxTotalBytes: 50_000, maxEntryBytes: 30_000, maxCompressionRatio: 200 }
  const files = (n: number, size: number) =>
    Array.from({ length: n }, (_, i) => ({ name: `f${i}.csv`, data: Buffer.alloc(size, 65 + (i % 26)), method: 0 }))
  t.test('too many entries', (t) => expectRejected(t, buildZip(files(6, 1)), 'TooManyEntries', small))
  t.test('one entry too large', (t) => expectRejected(t, buildZip(files(1, 30_001)), 'EntryTooLarge', small))
  t.test('all entries too large', (t) => expectRejected(t, buildZip(files(3, 20_000)), 'TooLarge', small))
  t.test('zip bomb (honest header)', (t) => expectRejected(t, buildZip([{ name: 'bomb.csv', data: Buffer.alloc(20 * 1024 ** 2) }]), 'CompressionRatio'))
  t.test('zip bomb whose header understates its size', (t) =>
    expectRejected(t, buildZip([{ name: 'bomb.csv', data: Buffer.alloc(20 * 1024 ** 2), declaredSize: 1000 }]), 'Corrupt'))
  t.test('limits that allow exactly the content', async (t) => {
    const { run } = await attempt(t, buildZip(files(5, 10_000)), small)
    t.equal((await run).totalBytes, 50_000)
  })
  t.end()
})
