import t from 'tap'
import { qualifiedTable } from './postgres-source.js'

t.test('table names are quoted part by part', async (t) => {
  t.equal(qualifiedTable('people'), '"people"')
  t.equal(qualifiedTable('staging.people'), '"staging"."people"')
  t.equal(qualifiedTable('x"; drop table y; --'), '"x""; drop table y; --"')
  t.throws(() => qualifiedTable('a.b.c'))
  t.throws(() => qualifiedTable('a.'))
})
