/**
 * Abandoning a zip mid-write leaves no file and no stray error, however early it is abandoned: right after the
 * file stream was created (its open still pending), or while entries are being piped into it.
 */
import t from 'tap'
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PassThrough } from 'node:stream'
import yazl from 'yazl'
import { unzip } from '../src/unzip.js'
import { writeZip } from '../src/zip-output.js'

const dir = await mkdtemp(join(tmpdir(), 'ligature-zip-output-'))

function startZip(): { zip: yazl.ZipFile; data: PassThrough } {
  const zip = new yazl.ZipFile()
  zip.addBuffer(Buffer.alloc(256 * 1024, 'm'), 'manifest.xml')
  const data = new PassThrough()
  zip.addReadStream(data, 'data.txt')
  zip.end()
  return { zip, data }
}

t.test('a zip abandoned at any point leaves nothing behind and raises nothing', async (t) => {
  const stray: unknown[] = []
  const onStray = (e: unknown) => { stray.push(e) }
  process.on('unhandledRejection', onStray)
  process.on('uncaughtException', onStray)
  t.teardown(() => { process.off('unhandledRejection', onStray); process.off('uncaughtException', onStray) })
  for (let i = 0; i < 300; i++) {
    const { zip, data } = startZip()
    const output = writeZip(zip, join(dir, `abandoned-${i}.zip`))
    // Vary the moment: at once, after some writes, after the event loop has turned a few times.
    for (let w = 0; w < i % 4; w++) data.write(Buffer.alloc(64 * 1024, 'd'))
    for (let turn = 0; turn < i % 3; turn++) await new Promise((resolve) => setImmediate(resolve))
    data.destroy()
    await output.discard()
  }
  await new Promise((resolve) => setTimeout(resolve, 50))
  t.same(await readdir(dir), [], 'no zip is left behind')
  t.same(stray.map(String), [], 'no unhandled error or rejection')
})

t.test('a finished zip is whole, and discarding it afterwards removes it', async (t) => {
  const { zip, data } = startZip()
  const output = writeZip(zip, join(dir, 'whole.zip'))
  data.end('P1\n')
  await output.written
  const files = await unzip(join(dir, 'whole.zip'), join(dir, 'whole'))
  t.equal(await readFile(files.find((f) => f.endsWith('data.txt'))!, 'utf8'), 'P1\n')
  t.equal((await readFile(files.find((f) => f.endsWith('manifest.xml'))!)).length, 256 * 1024)
  await rm(join(dir, 'whole'), { recursive: true })
  await output.discard()
  await t.rejects(stat(join(dir, 'whole.zip')), { code: 'ENOENT' })
})
