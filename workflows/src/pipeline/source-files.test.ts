import t from 'tap'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { globToRegExp, matchingFiles } from './source-files.js'

t.test('glob patterns', async (t) => {
  t.ok(globToRegExp('*.csv').test('a.csv'))
  t.notOk(globToRegExp('*.csv').test('sub/a.csv'), '* stays within a folder')
  t.ok(globToRegExp('**/*.csv').test('sub/deeper/a.csv'))
  t.ok(globToRegExp('**/*.csv').test('a.csv'), '**/ also matches the top folder')
  t.ok(globToRegExp('data-?.txt').test('data-1.txt'))
  t.notOk(globToRegExp('a.csv').test('abcsv'), 'dots are literal')
})

t.test('matching files skip hidden and underscore names', async (t) => {
  const dir = t.testdir({ 'a.csv': 'x', 'b.txt': 'x', '_partial.csv': 'x', '.hidden.csv': 'x', sub: { 'c.csv': 'x', _tmp: { 'd.csv': 'x' } } })
  const found = (await matchingFiles(dir, '**/*.csv')).map((f) => f.slice(dir.length + 1))
  t.same(found, ['a.csv', 'sub/c.csv'])
  t.same((await matchingFiles(dir, '*.csv')).map((f) => f.slice(dir.length + 1)), ['a.csv'])
  await mkdir(join(dir, 'empty'))
  await writeFile(join(dir, 'empty', 'z.txt'), '')
  t.same(await matchingFiles(join(dir, 'empty'), '*.csv'), [])
})
