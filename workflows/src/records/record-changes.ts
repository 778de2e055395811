/**
 * A project's record-change counter (issue 18): what tells a cached copy of the project's active records
 * (record-cache.ts) that it is out of date. New records need no count: they take ids above any the copy holds.
 * Everything else that changes which records are active or what they hold is an UPDATE, DELETE or TRUNCATE of
 * `records` (deletion, withdrawal, rollback, destruction, a retried load clearing its rows), and each such
 * statement adds one to `version`, in the transaction that makes the change, whether or not it touched a row.
 * `token` is drawn when the store is made, so a copy of a dropped and remade store never matches it.
 */
import type pg from 'pg'
import { quoteIdent } from './record-schema.js'

export interface RecordChanges { token: string; version: number }

/** Creates the counter and its trigger if they are missing (`s` quoted). Cheap when they exist: one catalog lookup. */
export async function ensureRecordChanges(client: pg.ClientBase, s: string): Promise<void> {
  await client.query(`create table if not exists ${s}.record_changes (
    id boolean primary key default true, token uuid not null default gen_random_uuid(), version bigint not null default 0)`)
  await client.query(`insert into ${s}.record_changes default values on conflict do nothing`)
  // A statement trigger, not a row trigger: a deletion of a million records bumps the counter once.
  await client.query(`do $$ begin
    if not exists (select 1 from pg_trigger where tgrelid = '${s}.records'::regclass and tgname = 'records_changed') then
      -- Two callers ensuring a new store at once: the second waits here, then finds the trigger made.
      perform pg_advisory_xact_lock(hashtext('${s}.records_changed'));
      if not exists (select 1 from pg_trigger where tgrelid = '${s}.records'::regclass and tgname = 'records_changed') then
        create or replace function ${s}.count_record_change() returns trigger language plpgsql as $f$
          begin update ${s}.record_changes set version = version + 1; return null; end $f$;
        create trigger records_changed after update or delete or truncate on ${s}.records
          for each statement execute function ${s}.count_record_change();
      end if;
    end if; end $$`)
}

/** The counter as the client's transaction sees it. */
export async function readRecordChanges(client: pg.ClientBase, schema: string): Promise<RecordChanges> {
  const { rows } = await client.query<{ token: string; version: string }>(`select token::text as token, version from ${quoteIdent(schema)}.record_changes`)
  return { token: rows[0]!.token, version: Number(rows[0]!.version) }
}
