import { readdir, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'

/** How long a worker's scratch file may outlive the activity that wrote it before another worker removes it. */
export const STALE_MS = 24 * 3_600_000

/**
 * Removes the files of `dir` whose names `matches` accepts and that were last written more than STALE_MS before
 * `now`: the scratch files of an activity whose worker was killed before it could remove them. A file that goes
 * between the listing and its stat counts as fresh.
 */
export async function removeStaleFiles(dir: string, matches: (name: string) => boolean, now = Date.now()): Promise<void> {
  for (const name of await readdir(dir)) {
    if (!matches(name)) continue
    const path = join(dir, name)
    const modified = await stat(path).then((s) => s.mtimeMs, () => now)
    if (now - modified > STALE_MS) await rm(path, { force: true })
  }
}
