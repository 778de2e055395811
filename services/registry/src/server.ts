import { runService } from '@ligature/service-kit'
import { loadRegistryConfig } from './config.js'
import { buildApp } from './app.js'
import { REGISTRY_SCHEMA, type RegistryDb } from './db.js'
import { registryMigrations } from './migrations/index.js'
import { startProjectMembersConsumer } from './members/project-members.consumer.js'

const config = loadRegistryConfig()
await runService<RegistryDb>({
  name: 'registry', schema: REGISTRY_SCHEMA, migrations: registryMigrations, config, port: config.REGISTRY_PORT,
  build: (db) => buildApp({ db, internalSecret: config.LIGATURE_INTERNAL_SECRET, secretsKey: config.LIGATURE_SECRETS_KEY }),
  start: async ({ db, nc, app }) => [await startProjectMembersConsumer({ db, nc, namespace: config.LIGATURE_NATS_NAMESPACE, log: app.log })],
})
