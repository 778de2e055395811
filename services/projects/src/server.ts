import { runService } from '@ligature/service-kit'
import { loadProjectsConfig } from './config.js'
import { buildApp } from './app.js'
import { PROJECTS_SCHEMA, type ProjectsDb } from './db.js'
import { projectsMigrations } from './migrations/index.js'

const config = loadProjectsConfig()
await runService<ProjectsDb>({
  name: 'projects', schema: PROJECTS_SCHEMA, migrations: projectsMigrations, config, port: config.PROJECTS_PORT,
  build: (db) => buildApp({ db, internalSecret: config.LIGATURE_INTERNAL_SECRET, registryUrl: config.REGISTRY_URL, secretsKey: config.LIGATURE_SECRETS_KEY }),
})
