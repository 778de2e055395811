import t from 'tap'
import { createSettleTracker, isDropCandidate } from './settle.js'

t.test('only visible .zip files are candidates', async (t) => {
  t.ok(isDropCandidate('batch-001.zip'))
  t.ok(isDropCandidate('BATCH.ZIP'))
  t.notOk(isDropCandidate('batch-001.zip.part'))
  t.notOk(isDropCandidate('.batch.zip'))
  t.notOk(isDropCandidate('notes.txt'))
})

t.test('a file is ready once size and mtime held for the settle time', async (t) => {
  const tracker = createSettleTracker(2000)
  const f = { name: 'a.zip', size: 10, mtimeMs: 1 }
  t.same(tracker.observe([f], 0), [], 'first sight starts the clock')
  t.same(tracker.observe([f], 1999), [], 'not yet 2 s')
  t.same(tracker.observe([f], 2000), ['a.zip'])
})

t.test('a growing or touched file restarts the clock', async (t) => {
  const tracker = createSettleTracker(2000)
  tracker.observe([{ name: 'a.zip', size: 10, mtimeMs: 1 }], 0)
  t.same(tracker.observe([{ name: 'a.zip', size: 20, mtimeMs: 1 }], 2500), [], 'grew')
  t.same(tracker.observe([{ name: 'a.zip', size: 20, mtimeMs: 2 }], 4000), [], 'touched')
  t.same(tracker.observe([{ name: 'a.zip', size: 20, mtimeMs: 2 }], 5999), [])
  t.same(tracker.observe([{ name: 'a.zip', size: 20, mtimeMs: 2 }], 6000), ['a.zip'])
})

t.test('a file that disappears, or is forgotten, starts over when seen again', async (t) => {
  const tracker = createSettleTracker(100)
  const f = { name: 'a.zip', size: 1, mtimeMs: 1 }
  tracker.observe([f], 0)
  tracker.observe([], 50)
  t.same(tracker.observe([f], 200), [], 'gone in between')
  t.same(tracker.observe([f], 300), ['a.zip'])
  tracker.forget('a.zip')
  t.same(tracker.observe([f], 400), [])
})
