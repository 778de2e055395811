import t from 'tap'
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { removeStagedFiles, stagedFiles } from './staged-files.js'

t.test('an envelope\'s zip, work folder and reports go; other envelopes\' stay', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'staged-'))
  t.teardown(() => rm(dir, { recursive: true, force: true }))
  for (const sub of ['inbox', 'work/env.1', 'work/linkage-7', 'work/linkage-70', 'reports']) await mkdir(join(dir, sub), { recursive: true })
  const files = ['inbox/env.1.zip', 'inbox/env.10.zip', 'work/env.1/a.csv', 'reports/env.1-1-invalid-rows.csv', 'reports/env.1-2-invalid-rows.csv',
    'reports/env.1-linkage-report.json', 'reports/env.10-1-invalid-rows.csv', 'reports/envx1-1-invalid-rows.csv']
  for (const f of files) await writeFile(join(dir, f), 'x')
  const paths = await stagedFiles(dir, ['env.1'], [7])
  t.equal(await removeStagedFiles(paths), 6, 'zip, work folder, two invalid-rows reports, linkage report, linkage work folder')
  t.same((await readdir(join(dir, 'inbox'))).sort(), ['env.10.zip'])
  t.same((await readdir(join(dir, 'reports'))).sort(), ['env.10-1-invalid-rows.csv', 'envx1-1-invalid-rows.csv'])
  t.same(await readdir(join(dir, 'work')), ['linkage-70'])
  t.equal(await removeStagedFiles(paths), 0, 'a retry finds nothing left')
})

t.test('nothing outside the data folder', async (t) => {
  await t.rejects(stagedFiles('/nonexistent-data', ['..'], []))
})
