import t from 'tap'
import { Readable } from 'node:stream'
import { buffer } from 'node:stream/consumers'
import { pipeline } from 'node:stream/promises'
import { PassThrough } from 'node:stream'
import { createKeyMask } from './key-mask.js'
import { LinkageMapTransform, previousKeysText, type MapOutput } from './map-transform.js'

const constants = { eventTypeCode: 'HMDS', linkageProjectCode: 'CORE', extractionProjectId: 'E2026110001' }
const all: MapOutput['columns'] = [
  { column: 'personKey', name: 'Person Key' }, { column: 'sourceUniqueId', name: 'Source Unique ID' }, { column: 'eventTypeCode', name: 'Event Type Code' },
  { column: 'linkageProjectCode', name: 'Linkage Project Code' }, { column: 'sourcePersonId', name: 'Source Person ID' },
  { column: 'extractionProjectId', name: 'Extraction Project ID' }, { column: 'linkedProjectPersonKey', name: 'Linked Project Person Key' },
]

async function run(copyText: string[], out: MapOutput) {
  const transform = new LinkageMapTransform(out)
  const sink = new PassThrough()
  const [, bytes] = await Promise.all([pipeline(Readable.from(copyText.map((s) => Buffer.from(s))), transform, sink), buffer(sink)])
  return { text: bytes.toString('utf8'), rows: transform.rows }
}

t.test('enduring keys, every column, rows split across chunks, COPY escapes decoded', async (t) => {
  const { text, rows } = await run(['s1\tP1\t7\ns2\t\\N\t', '7\nweird\\tid\t\\N\t12\n'], { columns: all, delimiter: ',', mask: null, constants })
  t.equal(rows, 3)
  t.same(text.split('\r\n'), [
    'Person Key,Source Unique ID,Event Type Code,Linkage Project Code,Source Person ID,Extraction Project ID,Linked Project Person Key',
    'LK000000000007,s1,HMDS,CORE,P1,E2026110001,', 'LK000000000007,s2,HMDS,CORE,,E2026110001,', 'LK000000000012,weird\tid,HMDS,CORE,,E2026110001,', '',
  ])
})

t.test('a calling project\'s records carry the reference project\'s key as Linked Project Person Key', async (t) => {
  const { text } = await run(['s1\tP1\t7\t42\ns2\t\\N\t8\t\\N\n'], { columns: all, delimiter: ',', mask: null, constants })
  t.same(text.split('\r\n').slice(1), ['LK000000000007,s1,HMDS,CORE,P1,E2026110001,LK000000000042', 'LK000000000008,s2,HMDS,CORE,,E2026110001,', ''])
})

t.test('snapshot keys are masked; chosen, renamed columns in their order; another delimiter', async (t) => {
  const mask = createKeyMask(Buffer.alloc(16, 7))
  const { text } = await run(['s1\tP1\t7\ns2\tP2\t7\ns3\tP3\t9\n'], {
    columns: [{ column: 'sourceUniqueId', name: 'rec_id' }, { column: 'personKey', name: 'ppn' }], delimiter: '|', mask, constants,
  })
  const lines = text.trim().split('\r\n')
  t.equal(lines[0], 'rec_id|ppn')
  t.same(lines.slice(1), [`s1|${mask.mask(7)}`, `s2|${mask.mask(7)}`, `s3|${mask.mask(9)}`])
})

t.test('an empty map is a header only; a truncated row is an error', async (t) => {
  t.equal((await run([], { columns: all.slice(0, 2), delimiter: ',', mask: null, constants })).text, 'Person Key,Source Unique ID\r\n')
  await t.rejects(run(['s1\tP1\t7'], { columns: all, delimiter: ',', mask: null, constants }), /inside a row/)
})

t.test('Previous Enduring Keys: the COPY array as LK keys, space-separated; blank without any', async (t) => {
  t.equal(previousKeysText('{3,12}'), 'LK000000000003 LK000000000012')
  t.equal(previousKeysText(null), '')
  t.equal(previousKeysText('{}'), '')
  const columns: MapOutput['columns'] = [{ column: 'sourceUniqueId', name: 'id' }, { column: 'personKey', name: 'key' }, { column: 'previousEnduringKeys', name: 'Previous Enduring Keys' }]
  const { text } = await run(['s1\tP1\t7\t\\N\t{3,5}\ns2\t\\N\t8\t\\N\t\\N\n'], { columns, delimiter: ';', mask: null, constants })
  t.same(text.split('\r\n'), ['id;key;Previous Enduring Keys', 's1;LK000000000007;LK000000000003 LK000000000005', 's2;LK000000000008;', ''])
})
