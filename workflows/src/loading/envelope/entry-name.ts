/**
 * Checks of zip entry names, independent of the zip reader, so that a name can never place a file outside the
 * extraction folder whatever the reader let through.
 */

export type EntryNameCheck =
  | { ok: true; path: string; isDirectory: boolean; key: string }
  | { ok: false; reason: string }

const MAX_NAME_LENGTH = 255 * 4

/**
 * Validates one entry name. Accepted names are relative, use `/` only, and have no empty, `.` or `..` segment.
 * `key` is the case-folded name used to detect duplicates that would collide on case-insensitive disks.
 */
export function checkEntryName(raw: string): EntryNameCheck {
  const shown = JSON.stringify(raw)
  if (raw.length === 0) return { ok: false, reason: 'an entry has an empty name' }
  if (raw.length > MAX_NAME_LENGTH) return { ok: false, reason: `an entry name is longer than ${MAX_NAME_LENGTH} characters` }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(raw)) return { ok: false, reason: `entry ${shown} has control characters in its name` }
  if (raw.includes('\\')) return { ok: false, reason: `entry ${shown} uses a backslash in its path` }
  if (raw.startsWith('/')) return { ok: false, reason: `entry ${shown} has an absolute path` }
  if (/^[a-zA-Z]:/.test(raw)) return { ok: false, reason: `entry ${shown} starts with a drive letter` }
  const isDirectory = raw.endsWith('/')
  const path = isDirectory ? raw.slice(0, -1) : raw
  const segments = path.split('/')
  for (const segment of segments) {
    if (segment === '..') return { ok: false, reason: `entry ${shown} climbs out of the envelope with ".."` }
    if (segment === '' || segment === '.') return { ok: false, reason: `entry ${shown} has an empty or "." path segment` }
    if (segment.includes(':')) return { ok: false, reason: `entry ${shown} has a ":" in its path` }
  }
  return { ok: true, path, isDirectory, key: path.normalize('NFC').toLowerCase() }
}

/** Unix file type bits of an entry made on Unix (upper 16 bits of the external attributes). */
const S_IFMT = 0o170000
const S_IFREG = 0o100000
const S_IFDIR = 0o040000

/**
 * True unless the entry declares a Unix file type other than regular file or folder (symlink, device, fifo,
 * socket). Entries from other systems carry no type bits and are regular files or folders by construction.
 */
export function isPlainEntryType(versionMadeBy: number, externalFileAttributes: number): boolean {
  const system = versionMadeBy >> 8
  const madeOnUnix = system === 3 || system === 19 // 3 Unix, 19 OS X: both carry Unix mode bits
  if (!madeOnUnix) return true
  const type = (externalFileAttributes >>> 16) & S_IFMT
  return type === 0 || type === S_IFREG || type === S_IFDIR
}

/** Keeps track of names seen so far: refuses repeated names and a file that is also used as a folder. */
export class EntryNameRegistry {
  private readonly files = new Set<string>()
  private readonly folders = new Set<string>()

  /** Returns a reason when the name clashes with an earlier entry, otherwise records it. */
  add(key: string, isDirectory: boolean): string | undefined {
    if (this.files.has(key)) return isDirectory ? 'is both a folder and a file' : 'is in the envelope more than once'
    if (isDirectory) {
      this.folders.add(key)
    } else {
      if (this.folders.has(key)) return 'is both a folder and a file'
      this.files.add(key)
    }
    const parts = key.split('/')
    for (let i = 1; i < parts.length; i++) {
      const parent = parts.slice(0, i).join('/')
      if (this.files.has(parent)) return `needs the folder "${parent}", which is a file`
      this.folders.add(parent)
    }
    return undefined
  }
}
