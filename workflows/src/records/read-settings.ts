/**
 * Planner settings for a linkage's reads (issue 18), applied to the session around one read and put back
 * after it (session-settings.ts):
 *
 * - `jit = off`: the touched read's plan costs enough to be JIT-compiled, and at a million records compiling
 *   took 0.47 s of a 4 s query (LLVM emission) while the compiled expressions saved nothing measurable; the
 *   full read runs alike either way (1.9 s both).
 * - `random_page_cost = 1.1`: the records table and its blocking indexes are read from cache, not from a
 *   spinning disk, so an index lookup per incoming block costs about what its pages do. With the default 4 the
 *   planner scanned the whole table once per blocking strategy and hash-joined; at 1.1 it looks up the blocks
 *   of a small envelope through the indexes and still chooses the scans when the envelope is large.
 *
 * Measured on the touched query at 1,000,000 + 10,000 records, run in psql: 3.61–3.73 s → 2.46–2.60 s (three
 * runs each, alternating); profile-touched-read prints the same comparison.
 */
import type pg from 'pg'
import { withSessionSettings } from './session-settings.js'

export const LINKAGE_READ_SETTINGS: Readonly<Record<string, string>> = { jit: 'off', random_page_cost: '1.1' }

export const withReadSettings = <T>(client: pg.ClientBase, read: () => Promise<T>): Promise<T> =>
  withSessionSettings(client, LINKAGE_READ_SETTINGS, read)
