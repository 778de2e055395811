import t from 'tap'
import { EntryNameRegistry, checkEntryName, isPlainEntryType } from './entry-name.js'

t.test('accepts ordinary relative names and folds case for duplicate checks', async (t) => {
  t.same(checkEntryName('Data/People 2024.csv'), { ok: true, path: 'Data/People 2024.csv', isDirectory: false, key: 'data/people 2024.csv' })
  t.same(checkEntryName('data/'), { ok: true, path: 'data', isDirectory: true, key: 'data' })
  t.match(checkEntryName('x'.repeat(2000)), { ok: false, reason: /longer than/ })
  t.match(checkEntryName(''), { ok: false, reason: /empty name/ })
  t.match(checkEntryName('a/b:c.csv'), { ok: false, reason: /":"/ })
})

t.test('unix file types: only regular files and folders pass', async (t) => {
  const unix = (3 << 8) | 20
  const osx = (19 << 8) | 20
  t.ok(isPlainEntryType(20, 0xffffffff), 'DOS-made entries carry no Unix type')
  t.ok(isPlainEntryType(unix, 0o100644 << 16))
  t.ok(isPlainEntryType(unix, 0o040755 << 16))
  t.ok(isPlainEntryType(unix, 0), 'no type bits at all')
  t.notOk(isPlainEntryType(unix, (0o120777 << 16) >>> 0), 'symlink')
  t.notOk(isPlainEntryType(osx, (0o120777 << 16) >>> 0), 'symlink made on OS X')
  t.notOk(isPlainEntryType(unix, (0o010644 << 16) >>> 0), 'fifo')
})

t.test('registry: repeated folders are fine, clashes are not', async (t) => {
  const r = new EntryNameRegistry()
  t.equal(r.add('a', true), undefined)
  t.equal(r.add('a', true), undefined)
  t.equal(r.add('a/b', false), undefined)
  t.equal(r.add('a/b', false), 'is in the envelope more than once')
  t.equal(r.add('a/b', true), 'is both a folder and a file')
  t.equal(r.add('a/b/c', false), 'needs the folder "a/b", which is a file')
})
