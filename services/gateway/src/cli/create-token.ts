// Creates an API token and prints it once. Usage:
//   npm run token:create -- --name NAME --role viewer|custodian|manager|admin [--project CODE ...] [--expires-days N] [--out FILE]
import { parseArgs } from 'node:util'
import { writeFileSync } from 'node:fs'
import { Roles, type Role } from '@ligature/contracts'
import { createDb, migrateToLatest } from '@ligature/service-kit'
import { loadGatewayConfig } from '../config.js'
import { GATEWAY_SCHEMA, type GatewayDb } from '../db.js'
import { gatewayMigrations } from '../migrations/index.js'
import { createToken } from '../auth/tokens.js'

const { values } = parseArgs({
  options: {
    name: { type: 'string' }, role: { type: 'string' }, project: { type: 'string', multiple: true },
    'expires-days': { type: 'string' }, out: { type: 'string' },
  },
})
if (!values.name || !values.role || !(Roles as readonly string[]).includes(values.role)) {
  console.error(`usage: token:create --name NAME --role ${Roles.join('|')} [--project CODE ...] [--expires-days N] [--out FILE]`)
  process.exit(2)
}
const config = loadGatewayConfig()
const db = createDb<GatewayDb>({ databaseUrl: config.DATABASE_URL, schema: GATEWAY_SCHEMA, poolSize: 1 })
try {
  await migrateToLatest(db, GATEWAY_SCHEMA, gatewayMigrations)
  const days = values['expires-days'] ? Number(values['expires-days']) : null
  const { id, token } = await createToken(db, {
    name: values.name, role: values.role as Role, projects: values.project ?? [],
    expiresAt: days ? new Date(Date.now() + days * 86_400_000) : null,
  })
  if (values.out) writeFileSync(values.out, token + '\n', { mode: 0o600 })
  console.error(`token ${id} (${values.role}) created; it is shown once and stored only as a hash:`)
  if (!values.out) console.log(token)
} finally {
  await db.destroy()
}
