import t from 'tap'
import { linkageMapSql, unknownIdsSql } from './map-query.js'

t.test('the enduring map reads current keys of live records; the snapshot reads the map as of a moment', async (t) => {
  const current = linkageMapSql({ schema: 'project_3', eventTypeId: 5, asOf: null, onlyListedIds: false })
  t.match(current, /k\.to_revision is null/)
  t.match(current, /r\.end_dated_at is null/)
  t.notMatch(current, /revisions/)
  const snapshot = linkageMapSql({ schema: 'project_3', eventTypeId: 5, asOf: '2026-11-25T10:00:00Z', onlyListedIds: true })
  t.match(snapshot, /committed_at <= '2026-11-25T10:00:00\.000Z'::timestamptz/)
  t.match(snapshot, /end_dated_at > '2026-11-25T10:00:00\.000Z'/)
  t.match(snapshot, /join extraction_ids i/)
})

t.test('inlined values are checked', async (t) => {
  t.throws(() => linkageMapSql({ schema: 'p', eventTypeId: 1.5, asOf: null, onlyListedIds: false }))
  t.throws(() => linkageMapSql({ schema: 'p', eventTypeId: 1, asOf: "2026'; drop table x; --", onlyListedIds: false }), /timestamp/)
  t.match(unknownIdsSql({ schema: 'p', eventTypeId: 1, asOf: null, onlyListedIds: true }, 50.7), /limit 50$/)
})

t.test('previous keys come from the lineage table for the enduring map only', async (t) => {
  const withPrevious = linkageMapSql({ schema: 'project_3', eventTypeId: 5, asOf: null, onlyListedIds: false, previousKeys: true })
  t.match(withPrevious, /pk\.previous from/)
  t.match(withPrevious, /left join previous_keys pk on pk\.key_number = k\.key_number/)
  t.match(linkageMapSql({ schema: 'project_3', eventTypeId: 5, asOf: null, onlyListedIds: false }), /null::bigint\[\] from/)
  const snapshot = linkageMapSql({ schema: 'project_3', eventTypeId: 5, asOf: '2026-11-25T10:00:00Z', onlyListedIds: false, previousKeys: true })
  t.notMatch(snapshot, /previous_keys/, 'a snapshot never reads lineage')
})
