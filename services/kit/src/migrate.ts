import { inspect } from 'node:util'
import { sql, type Kysely } from 'kysely'
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration'

/** Migrations are listed in code (not read from a folder) so .ts sources and built .js never mix. */
class StaticProvider implements MigrationProvider {
  constructor(private readonly migrations: Record<string, Migration>) {}
  async getMigrations() { return this.migrations }
}

/** Creates the service's schema and brings it to the latest migration; Kysely's lock makes this race-safe. */
export async function migrateToLatest<DB>(db: Kysely<DB>, schema: string, migrations: Record<string, Migration>): Promise<void> {
  await sql`create schema if not exists ${sql.id(schema)}`.execute(db)
  const migrator = new Migrator({
    db, provider: new StaticProvider(migrations), migrationTableSchema: schema,
  })
  const { error, results } = await migrator.migrateToLatest()
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown'
    throw new Error(`migration ${schema}/${failed} failed: ${error instanceof Error ? error.message : inspect(error)}`)
  }
}
