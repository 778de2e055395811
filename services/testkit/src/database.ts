import { randomBytes } from 'node:crypto'
import pg from 'pg'

const adminUrl = () => process.env.LIGATURE_TEST_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

/**
 * A fresh, empty database for one test file; `drop` removes it even with connections still open. `server` is
 * an administrator's URL of another PostgreSQL than the shared one (a test's private cluster it may restart).
 * With LIGATURE_KEEP_TEST_DB set, `drop` keeps it and prints its name instead, so a benchmark's store can be
 * profiled afterwards (workflows/bench/profile-clerical.ts, profile-keys.ts); drop it by hand when done.
 */
export async function createTestDatabase(prefix = 'lig_test', server = adminUrl()): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: server })
  await admin.connect()
  try {
    await admin.query(`create database ${name}`)
  } finally {
    await admin.end()
  }
  const url = new URL(server)
  url.pathname = `/${name}`
  return {
    url: url.toString(), name,
    drop: async () => {
      if (process.env.LIGATURE_KEEP_TEST_DB) { process.stderr.write(`kept database ${name}\n`); return }
      const c = new pg.Client({ connectionString: server })
      await c.connect()
      try { await c.query(`drop database if exists ${name} with (force)`) } finally { await c.end() }
    },
  }
}
