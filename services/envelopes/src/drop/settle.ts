/** What the watcher sees of a file in the drop folder on one scan. */
export interface DropFileState { name: string; size: number; mtimeMs: number }

/**
 * Only `*.zip` files are candidates: a writer copies as `x.zip.part` (or any other name) and renames when
 * done. Hidden names are the watcher's own (`.claimed/`) or a tool's temporary files.
 */
export const isDropCandidate = (name: string) => /\.zip$/i.test(name) && !name.startsWith('.')

/**
 * Remembers each candidate's size and modification time; a file is ready once both have stayed the same for
 * `settleMs`, so a file still being copied in (growing, or touched) is never claimed.
 */
export function createSettleTracker(settleMs: number) {
  const seen = new Map<string, { size: number; mtimeMs: number; since: number }>()
  return {
    /** Records one scan; answers the names that are ready, in the order given. */
    observe(files: readonly DropFileState[], now: number): string[] {
      const ready: string[] = []
      const present = new Set<string>()
      for (const f of files) {
        present.add(f.name)
        const prev = seen.get(f.name)
        if (!prev || prev.size !== f.size || prev.mtimeMs !== f.mtimeMs) seen.set(f.name, { size: f.size, mtimeMs: f.mtimeMs, since: now })
        else if (now - prev.since >= settleMs) ready.push(f.name)
      }
      for (const name of seen.keys()) if (!present.has(name)) seen.delete(name)
      return ready
    },
    forget: (name: string) => { seen.delete(name) },
  }
}
