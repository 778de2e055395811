/**
 * The process's parse threads, kept between file loads. Starting a thread that loads the parsing and
 * preprocessing code took about 0.55 s under tsx, and every large load paid it while each load had a pool of
 * its own; a worker now starts them at boot (warmRangePool) and every load reuses them. One pool per size, as
 * callers ask; a pool whose thread died, or that was closed, is replaced on the next load.
 */
import { RangePool } from './range-pool.js'

const kept = new Map<number, RangePool>()

export function keptRangePool(size: number): RangePool {
  let pool = kept.get(size)
  if (!pool || !pool.usable) {
    void pool?.close()
    pool = new RangePool(size)
    kept.set(size, pool)
  }
  return pool
}

/** Starts the threads a load of `size` will use, so the first load does not wait for them; resolves once they are loaded. */
export async function warmRangePool(size: number): Promise<void> {
  if (size > 1) await keptRangePool(size).ready()
}
