import t from 'tap'
import { parseReviewFile, splitCsvLine } from './review-file.js'

t.test('splits commas and double-quoted fields', async (t) => {
  t.same(splitCsvLine('CORE,suid_0001,WAMORB,1'), ['CORE', 'suid_0001', 'WAMORB', '1'])
  t.same(splitCsvLine(' CORE , "a,b" ,"say ""x""",  g '), ['CORE', 'a,b', 'say "x"', 'g'])
  t.same(splitCsvLine('a,"open'), null)
  t.same(splitCsvLine('a,"x"y'), null)
})

t.test('keeps the rows of the project and counts every other row without failing', async (t) => {
  const text = '\uFEFFCORE,s1,ADM,1\r\nCORE,s2,ADM,1\n\nOTHER,s3,ADM,2\nCORE,s4,NOPE,2\nCORE,s5\nCORE,s1,ADM,3\nCORE,s6,ADM,\nCORE,s7,EMR,2\n'
  const parsed = parseReviewFile(text, 'CORE', new Map([['ADM', 10], ['EMR', 11]]))
  t.same(parsed.rows, [
    { line: 1, eventTypeId: 10, suid: 's1', label: '1' }, { line: 2, eventTypeId: 10, suid: 's2', label: '1' },
    { line: 9, eventTypeId: 11, suid: 's7', label: '2' },
  ])
  t.same(parsed.counts, { rowsRead: 8, malformed: 2, otherProject: 1, unknownEventType: 1, duplicates: 1 })
  t.same(parsed.skippedSample, ['line 4 (project OTHER)', 'line 5 (event type NOPE is not a member)', 'line 6 (not four non-empty fields)',
    'line 7 (ADM s1 listed again)', 'line 8 (not four non-empty fields)'])
})
