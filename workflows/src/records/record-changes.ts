/**
 * A project's record-change counter (issue 18): what tells a cached copy of the project's active records
 * (record-cache.ts) that it is out of date. New records need no count: they take ids above any the copy holds.
 * Everything else that changes which records are active or what they hold is an UPDATE, DELETE or TRUNCATE of
 * `records` (deletion, withdrawal, rollback, destruction, a retried load clearing its rows). Each such statement
 * that changes at least one row adds one to `version`, in the transaction that makes the change; a statement
 * that changes none leaves it alone, so no caller has to avoid running one. `token` is drawn when the store is
 * made, so a copy of a dropped and remade store never matches it.
 */
import type pg from 'pg'
import { quoteIdent } from './record-schema.js'

export interface RecordChanges { token: string; version: number }

/**
 * Rows a statement changed are read from the backend's own statistics for the table in this transaction
 * (pg_stat_get_xact_tuples_updated/deleted, live as rows change), taken before and after the statement. A
 * transition table would say the same but copies every changed row, a million of them for a large deletion; the
 * statistics cost two function calls. What can only over-count is allowed (a row updated to the same values,
 * rows of a rolled-back savepoint); anything that could under-count counts instead: a TRUNCATE, statistics
 * switched off (`track_counts`), a missing "before" reading.
 */
const BEFORE_SETTING = `'ligature.records_changed_before_' || tg_relid`
const CHANGED_ROWS = `(pg_stat_get_xact_tuples_updated(tg_relid) + pg_stat_get_xact_tuples_deleted(tg_relid))::text`

/** Creates the counter and its triggers if they are missing (`s` quoted). Cheap when they exist: one catalog lookup. */
export async function ensureRecordChanges(client: pg.ClientBase, s: string): Promise<void> {
  await client.query(`create table if not exists ${s}.record_changes (
    id boolean primary key default true, token uuid not null default gen_random_uuid(), version bigint not null default 0)`)
  await client.query(`insert into ${s}.record_changes default values on conflict do nothing`)
  // Statement triggers, not row triggers: a deletion of a million records bumps the counter once. Stores made
  // before rows were counted have one trigger, records_changed, that counted every statement: it is replaced.
  await client.query(`do $$ begin
    if not exists (select 1 from pg_trigger where tgrelid = '${s}.records'::regclass and tgname = 'records_change_counted') then
      -- Two callers ensuring a new store at once: the second waits here, then finds the triggers made.
      perform pg_advisory_xact_lock(hashtext('${s}.records_changed'));
      if not exists (select 1 from pg_trigger where tgrelid = '${s}.records'::regclass and tgname = 'records_change_counted') then
        create or replace function ${s}.note_records_before_change() returns trigger language plpgsql as $f$
          begin perform set_config(${BEFORE_SETTING}, ${CHANGED_ROWS}, true); return null; end $f$;
        create or replace function ${s}.count_record_change() returns trigger language plpgsql as $f$
          declare counted_before text := current_setting(${BEFORE_SETTING}, true);
          begin
            if tg_op = 'TRUNCATE' or coalesce(counted_before, '') = '' or current_setting('track_counts') <> 'on'
               or ${CHANGED_ROWS} <> counted_before then
              update ${s}.record_changes set version = version + 1;
            end if;
            return null;
          end $f$;
        drop trigger if exists records_changed on ${s}.records;
        create trigger records_change_noted before update or delete on ${s}.records
          for each statement execute function ${s}.note_records_before_change();
        create trigger records_change_counted after update or delete or truncate on ${s}.records
          for each statement execute function ${s}.count_record_change();
      end if;
    end if; end $$`)
}

/** The counter as the client's transaction sees it. */
export async function readRecordChanges(client: pg.ClientBase, schema: string): Promise<RecordChanges> {
  const { rows } = await client.query<{ token: string; version: string }>(`select token::text as token, version from ${quoteIdent(schema)}.record_changes`)
  return { token: rows[0]!.token, version: Number(rows[0]!.version) }
}
