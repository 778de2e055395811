// Exec probe for the worker, which serves no HTTP: it is ready while the Temporal frontend (TEMPORAL_ADDRESS)
// and NATS (NATS_URL) accept TCP connections, the two things it cannot work without. Exit 0 = healthy.
// Plain .mjs (no tsx) so a probe costs one short node start, not a TypeScript compile.
import { connect } from 'node:net'

const temporal = process.env.TEMPORAL_ADDRESS ?? '127.0.0.1:7233'
const nats = new URL(process.env.NATS_URL ?? 'nats://127.0.0.1:4222')
const targets = [temporal, `${nats.hostname}:${nats.port || 4222}`]

const reachable = (target) => new Promise((resolve) => {
  const at = target.lastIndexOf(':')
  const socket = connect({ host: target.slice(0, at), port: Number(target.slice(at + 1)), timeout: 2000 })
  const done = (ok) => { socket.destroy(); resolve(ok) }
  socket.once('connect', () => done(true)).once('timeout', () => done(false)).once('error', () => done(false))
})

const results = await Promise.all(targets.map(reachable))
const down = targets.filter((_, i) => !results[i])
if (down.length > 0) console.error(`unreachable: ${down.join(', ')}`)
process.exit(down.length > 0 ? 1 : 0)
