import { runService } from '@ligature/service-kit'
import { loadResultsConfig } from './config.js'
import { buildApp } from './app.js'
import { RESULTS_SCHEMA, type ResultsDb } from './db.js'
import { resultsMigrations } from './migrations/index.js'

const config = loadResultsConfig()
await runService<ResultsDb>({
  name: 'results', schema: RESULTS_SCHEMA, migrations: resultsMigrations, config, port: config.RESULTS_PORT,
  build: (db) => buildApp({ db, internalSecret: config.LIGATURE_INTERNAL_SECRET, projectsUrl: config.PROJECTS_URL, resultsDir: config.LIGATURE_RESULTS_DIR }),
})
