import { readdir, stat } from 'node:fs/promises'
import { join, relative, resolve, sep } from 'node:path'

/** `*` and `?` stay within a folder, `**` crosses folders (the Text Files data source's pattern syntax). */
export function globToRegExp(pattern: string): RegExp {
  let re = ''
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!
    if (c === '*' && pattern[i + 1] === '*') { re += '.*'; i++; if (pattern[i + 1] === '/') i++ }
    else if (c === '*') re += '[^/]*'
    else if (c === '?') re += '[^/]'
    else re += c.replace(/[.+^${}()|[\]\\]/g, '\\$&')
  }
  return new RegExp(`^${re}$`)
}

/** Names starting with `_` or `.` are never read (partial copies, hidden files), as the reference product does. */
const excluded = (path: string) => path.split('/').some((part) => part.startsWith('_') || part.startsWith('.'))

/** Files under `dataPath` whose path relative to it matches `pattern`, sorted so loads are repeatable. */
export async function matchingFiles(dataPath: string, pattern: string): Promise<string[]> {
  const root = resolve(dataPath)
  const re = globToRegExp(pattern)
  const entries = await readdir(root, { recursive: true })
  const files: string[] = []
  for (const entry of entries) {
    const rel = relative(root, join(root, entry)).split(sep).join('/')
    if (excluded(rel) || !re.test(rel)) continue
    if ((await stat(join(root, rel))).isFile()) files.push(join(root, rel))
  }
  return files.sort()
}
