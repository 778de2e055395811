import { readdir, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { safeInside } from '../../extraction/safe-path.js'

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * Every copy of an envelope's or a linkage's data the platform keeps on disk: the uploaded zip in the inbox,
 * its extracted work folder, its reports (invalid rows hold raw values; the linkage report top blocking
 * values), and the work folder of a linkage read from data sources. Paths only; nothing is read.
 */
export async function stagedFiles(dataDir: string, envelopeNames: readonly string[], linkageIds: readonly number[]): Promise<string[]> {
  const reports = await readdir(join(dataDir, 'reports')).catch(() => [] as string[])
  const paths: string[] = []
  for (const name of envelopeNames) {
    const invalidRows = new RegExp(`^${escapeRegExp(name)}-\\d+-invalid-rows\\.csv$`)
    paths.push(join('inbox', `${name}.zip`), join('work', name), join('reports', `${name}-linkage-report.json`))
    paths.push(...reports.filter((f) => invalidRows.test(f)).map((f) => join('reports', f)))
  }
  for (const id of linkageIds) paths.push(join('work', `linkage-${id}`))
  return paths.map((p) => safeInside(dataDir, p))
}

/** Removes the staged files that exist; answers how many there were (a retry finds none left). */
export async function removeStagedFiles(paths: readonly string[]): Promise<number> {
  let removed = 0
  for (const path of paths) {
    if (!(await stat(path).then(() => true, () => false))) continue
    await rm(path, { recursive: true, force: true })
    removed++
  }
  return removed
}
