import { sql, type Kysely } from 'kysely'

export const gatewayMigrations = {
  '2026_11_22_0001_create_tokens': {
    async up(db: Kysely<unknown>) {
      await db.schema.createTable('tokens')
        .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
        .addColumn('name', 'varchar(100)', (c) => c.notNull())
        .addColumn('role', 'varchar(20)', (c) => c.notNull())
        .addColumn('projects', sql`varchar(20)[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
        .addColumn('token_hash', 'bytea', (c) => c.notNull().unique())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('expires_at', 'timestamptz')
        .addColumn('revoked_at', 'timestamptz')
        .execute()
    },
  },
}
