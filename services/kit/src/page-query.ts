import type { SelectQueryBuilder } from 'kysely'
import type { Page } from './list.js'

const TOTAL = '__total_before_paging'

/**
 * A list's page and its total before paging in one statement: the total rides on each row as an uncorrelated
 * scalar subquery, which Postgres runs once. One round trip and one snapshot, where two parallel queries took
 * two pooled connections and could see different commits, so X-Total-Count always agrees with its page.
 * A page with no rows carries no total: at offset 0 it is 0, past the end it is counted on its own.
 *
 * `filtered` is the list's FROM and WHERE; `ordered` adds its columns and order; the page's limit and offset
 * are applied here. Without a page (internal callers that want everything) the total is the row count.
 */
export async function pageWithTotal<DB, TB extends keyof DB, PageDB, PageTB extends keyof PageDB, O>(
  filtered: SelectQueryBuilder<DB, TB, object>,
  ordered: (q: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<PageDB, PageTB, O>,
  page: Page | undefined,
): Promise<{ rows: O[]; total: number }> {
  if (!page) {
    const rows = await ordered(filtered).execute()
    return { rows, total: rows.length }
  }
  const counted = filtered.select((eb) => eb.fn.countAll<string>().as('n'))
  const found = await ordered(filtered).limit(page.limit).offset(page.offset)
    .select(() => counted.as(TOTAL)).execute() as (O & { [TOTAL]: string | number })[]
  if (found.length === 0) {
    const total = page.offset === 0 ? 0 : Number(((await counted.executeTakeFirstOrThrow()) as { n: string | number }).n)
    return { rows: [], total }
  }
  const total = Number(found[0]![TOTAL])
  // The last column pg added to each row: deleting it takes V8's fast path back to the row's previous shape.
  for (const row of found) delete (row as Partial<typeof row>)[TOTAL]
  return { rows: found, total }
}
