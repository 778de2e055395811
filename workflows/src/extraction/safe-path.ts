import { relative, resolve, isAbsolute } from 'node:path'

/** A path inside `root`, or an error: ids files come from the worker's own envelope folders, never elsewhere. */
export function safeInside(root: string, path: string): string {
  const full = resolve(root, path)
  const rel = relative(resolve(root), full)
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) throw new Error('path outside the data folder')
  return full
}
