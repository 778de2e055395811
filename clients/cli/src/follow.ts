/**
 * Follows an envelope until it is Complete or Failed: prints each new job state (with its counts once it
 * finishes) and each new notification as they appear. Polls, because the gateway offers no event stream.
 */
import type { ApiClient } from './api.js'
import { CliError } from './errors.js'
import type { Output } from './output.js'
import { isFinal, type Envelope, type Job, type Notification } from './types.js'

export interface FollowResult { envelope: Envelope; jobs: Job[]; notifications: Notification[] }

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

export async function followEnvelope(api: ApiClient, name: string, out: Output, opts: { intervalMs: number; timeoutMs: number }): Promise<FollowResult> {
  const deadline = Date.now() + opts.timeoutMs
  const seenNotes = new Set<number>()
  const jobStates = new Map<number, string>()
  let lastStatus = ''
  const path = `/envelopes/${encodeURIComponent(name)}`
  for (;;) {
    const envelope = await api.json<Envelope>('GET', path)
    const [jobs, notes] = await Promise.all([
      api.json<Job[]>('GET', `${path}/jobs?limit=100`),
      api.json<Notification[]>('GET', `${path}/notifications?limit=100`),
    ])
    if (envelope.statusName !== lastStatus) { out.note(`envelope ${name}: ${envelope.statusName}`); lastStatus = envelope.statusName }
    for (const job of [...jobs].sort((a, b) => a.id - b.id)) {
      if (jobStates.get(job.id) === job.state) continue
      jobStates.set(job.id, job.state)
      const stats = job.stats.length > 0 ? ` (${job.stats.map((s) => `${s.name} ${s.value}`).join(', ')})` : ''
      out.note(`  job ${job.name}: ${job.state}${stats}`)
    }
    for (const note of [...notes].sort((a, b) => a.id - b.id)) {
      if (seenNotes.has(note.id)) continue
      seenNotes.add(note.id)
      out.note(`  ${note.logLevel}: ${note.message}`)
    }
    if (isFinal(envelope.status)) return { envelope, jobs, notifications: notes }
    if (Date.now() > deadline) throw new CliError(`Envelope ${name} is still ${envelope.statusName} after ${Math.round(opts.timeoutMs / 1000)} s; follow it again with \`ligature envelope status ${name} --follow\`.`)
    await sleep(opts.intervalMs)
  }
}
