import t from 'tap'
import { mkdtemp, mkdir, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { failuresIn, failuresUnder } from './tap-failures.js'

const stream = [
  'TAP version 14',
  '# Subtest: extraction',
  '    # Subtest: enduring keys',
  '        ok 1 - status 200',
  '        not ok 2 - should be equal',
  '          ---',
  '          at:',
  '            fileName: workflows/test/x.test.ts',
  '            lineNumber: 42',
  '          ...',
  '        1..2',
  '    not ok 1 - enduring keys # time=12ms',
  '    # Subtest: snapshot',
  '        ok 1 - blank',
  '        1..1',
  '    ok 2 - snapshot # time=3ms',
  '    1..2',
  'not ok 1 - extraction # time=20ms',
  '# Subtest: times out',
  '    ok 1 - started',
  '    1..1',
  'not ok 2 - times out # time=300000ms',
  '  ---',
  '  lineNumber: 7',
  '  ...',
  'ok 3 - passes',
  '1..3',
].join('\n')

t.test('names each leaf failure with its subtest path, once', async (t) => {
  t.same(failuresIn(stream), ['extraction > enduring keys > should be equal (line 42)', 'times out (line 7)'])
})

t.test('a clean stream has no failures', async (t) => {
  t.same(failuresIn('TAP version 14\n# Subtest: a\n    ok 1 - x\n    1..1\nok 1 - a\n1..1\n'), [])
})

t.test('reads every .tap file under the results folder, prefixed with its test file', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'tap-results-'))
  await mkdir(join(dir, 'workflows/test'), { recursive: true })
  await writeFile(join(dir, 'workflows/test/a.test.ts.tap'), stream)
  await writeFile(join(dir, 'b.test.ts.tap'), 'ok 1 - fine\n1..1\n')
  t.same(await failuresUnder(dir), [
    'workflows/test/a.test.ts: extraction > enduring keys > should be equal (line 42)',
    'workflows/test/a.test.ts: times out (line 7)',
  ])
  t.same(await failuresUnder(join(dir, 'missing')), [])
})
