import { randomUUID } from 'node:crypto'
import { link, mkdir, readdir, rename, stat, unlink, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import type { EnvelopeService } from '../envelopes/envelope.service.js'
import { alreadyTakenIn, takeInDroppedFile } from './drop-intake.js'
import { createSettleTracker, isDropCandidate, type DropFileState } from './settle.js'

export interface DropLog { info(obj: object, msg: string): void; warn(obj: object, msg: string): void; error(obj: object, msg: string): void }
export interface DropWatcherOptions {
  dataDir: string
  envelopes: EnvelopeService
  maxBytes: number
  log: DropLog
  pollMs?: number
  /** How long size and mtime must stay unchanged before a file is claimed (contracts/DECISIONS.md: 2 s). */
  settleMs?: number
}

const UUID_PREFIX = 37 // `<uuid>-` in front of a claimed file's original name
const errno = (err: unknown) => (err as NodeJS.ErrnoException).code

/**
 * Watches `<data>/drop/`. A settled `*.zip` is claimed by an atomic rename into `.claimed/` under a unique
 * name (so a second file of the same name can never replace one in flight), taken in like an upload, then
 * removed; a refused file moves to `rejected/` beside `<file>.reason.txt`. One service instance per folder.
 */
export function createDropWatcher(opts: DropWatcherOptions) {
  const dir = resolve(opts.dataDir, 'drop')
  const claimedDir = join(dir, '.claimed')
  const rejectedDir = join(dir, 'rejected')
  const tracker = createSettleTracker(opts.settleMs ?? 2000)
  let stopped = false
  let wake: (() => void) | undefined
  let running: Promise<void> = Promise.resolve()

  const sleep = (ms: number) => new Promise<void>((r) => { const t = setTimeout(r, ms); wake = () => { clearTimeout(t); r() } })

  async function reject(path: string, filename: string, reason: string) {
    await rename(path, join(rejectedDir, filename))
    await writeFile(join(rejectedDir, `${filename}.reason.txt`), `${reason}\n`)
    opts.log.warn({ file: filename, reason }, 'drop folder: file rejected')
  }

  /** Puts a claimed file back for a later scan; if a newer file took its name meanwhile, it is rejected. */
  async function release(path: string, filename: string, reason: string) {
    try {
      await link(path, join(dir, filename))
      await unlink(path)
    } catch (err) {
      if (errno(err) !== 'EEXIST') throw err
      await reject(path, filename, `${reason} A newer file of the same name was dropped meanwhile.`)
    }
  }

  async function claimAndTakeIn(filename: string) {
    const claimed = join(claimedDir, `${randomUUID()}-${filename}`)
    try {
      await rename(join(dir, filename), claimed)
    } catch (err) {
      if (errno(err) === 'ENOENT') return // removed (or claimed elsewhere) since the scan
      throw err
    }
    try {
      const outcome = await takeInDroppedFile(opts.envelopes, opts.maxBytes, claimed, filename)
      if (outcome.kind === 'accepted') {
        await unlink(claimed)
        opts.log.info({ file: filename, envelope: outcome.name }, 'drop folder: envelope taken in')
      } else {
        await reject(claimed, filename, outcome.reason)
      }
    } catch (err) {
      opts.log.error({ file: filename, err: { message: (err as Error).message } }, 'drop folder: take-in failed, will retry')
      await release(claimed, filename, 'The file could not be taken in.')
    }
  }

  async function scan() {
    const files: DropFileState[] = []
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      if (!entry.isFile() || !isDropCandidate(entry.name)) continue
      const st = await stat(join(dir, entry.name)).catch(() => undefined)
      if (st) files.push({ name: entry.name, size: st.size, mtimeMs: st.mtimeMs })
    }
    for (const name of tracker.observe(files, Date.now())) {
      if (stopped) return
      tracker.forget(name)
      await claimAndTakeIn(name)
    }
  }

  /** Files left in `.claimed/` by a stop mid-take-in: removed if their envelope was stored, else put back. */
  async function recover() {
    for (const entry of await readdir(claimedDir)) {
      const path = join(claimedDir, entry)
      const filename = entry.slice(UUID_PREFIX)
      if (await alreadyTakenIn(opts.envelopes, filename, (await stat(path)).size)) await unlink(path)
      else await release(path, filename, 'The file was claimed when the service stopped.')
    }
  }

  async function loop() {
    while (!stopped) {
      await scan().catch((err: Error) => opts.log.error({ err: { message: err.message } }, 'drop folder: scan failed'))
      if (!stopped) await sleep(opts.pollMs ?? 1000)
    }
  }

  return {
    dir,
    async start() {
      await mkdir(claimedDir, { recursive: true })
      await mkdir(rejectedDir, { recursive: true })
      await recover()
      running = loop()
    },
    async stop() {
      stopped = true
      wake?.()
      await running
    },
  }
}
export type DropWatcher = ReturnType<typeof createDropWatcher>
