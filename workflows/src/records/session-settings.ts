/**
 * Runs `work` with some settings of the session changed, and puts the connection's own values back after it, so
 * a pooled connection leaves as it came. Session-level rather than `SET LOCAL`, so it opens no transaction of its
 * own and leaves a caller's transaction as it found it.
 */
import type pg from 'pg'

export async function withSessionSettings<T>(client: pg.ClientBase, settings: Readonly<Record<string, string>>, work: () => Promise<T>): Promise<T> {
  const names = Object.keys(settings)
  const { rows } = await client.query<{ name: string; setting: string }>(
    'select name, current_setting(name) as setting from unnest($1::text[]) as name', [names])
  await client.query('select set_config(name, value, false) from unnest($1::text[], $2::text[]) as s(name, value)',
    [names, names.map((n) => settings[n]!)])
  try {
    return await work()
  } finally {
    // Failed work inside a transaction leaves it aborted: this restore then fails too, and the rollback that
    // must follow undoes the settings itself. Outside one, the restore runs; either way the work's own error wins.
    await client.query('select set_config(name, setting, false) from unnest($1::text[], $2::text[]) as s(name, setting)',
      [rows.map((r) => r.name), rows.map((r) => r.setting)]).catch(() => undefined)
  }
}
