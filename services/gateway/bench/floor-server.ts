/**
 * The floor under bench:gateway: a bare node:http server answering the registry's list call with the registry's
 * own query, on a pg pool of the registry's size, and nothing else (no framework, routing, validation, principal,
 * logging, schema plugin or response schema; the services' pg readers and version encoding, from the kit, are the
 * same as theirs). Whatever a service does per call costs on top of this; what this
 * serves is the most any database-backed call can reach on the machine.
 * Run by bench:gateway (FLOOR_PORT, DATABASE_URL); not a service. FLOOR_NAMED=1 sends the query as a named
 * (prepared) statement, parsed and planned once per connection: what Postgres's parse and plan cost per call.
 */
import { createServer } from 'node:http'
import pg from 'pg'
import { encodeVersion } from '@ligature/service-kit'

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 })
// The text Kysely compiles for the registry's list (pageWithTotal with WithSchemaPlugin).
const query = 'select *, (select count(*) as "n" from "registry"."data_providers") as "__total" from "registry"."data_providers" '
  + 'order by "id" limit $1 offset $2'

createServer((_req, res) => {
  pool.query(process.env.FLOOR_NAMED ? { name: 'list', text: query, values: [100, 0] } : { text: query, values: [100, 0] }).then(({ rows }) => {
    const items = rows.map((r) => ({
      id: r.id, code: r.code, organisation: r.organisation, contactName: r.contact_name, email: r.email, phone: r.phone,
      markedForDeletion: r.marked_for_deletion, lastModified: (r.last_modified as Date).toISOString(), version: encodeVersion(r.revision as number),
    }))
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'x-total-count': String(rows[0]?.__total ?? 0) })
    res.end(JSON.stringify(items))
  }, () => { res.writeHead(500).end() })
}).listen(Number(process.env.FLOOR_PORT), '127.0.0.1')
