import { createServer } from 'node:net'

/** A TCP port free on the loopback interface right now, for a process a test or benchmark starts. */
export const freePort = () => new Promise<number>((resolve, reject) => {
  const server = createServer().once('error', reject)
  server.listen(0, '127.0.0.1', () => { const { port } = server.address() as { port: number }; server.close(() => resolve(port)) })
})

/** Polls a started service's `/readyz` on the loopback interface until it answers 200 (60 s at most). */
export async function waitReady(port: number, timeoutMs = 60_000): Promise<void> {
  for (const end = Date.now() + timeoutMs; Date.now() < end; await new Promise((r) => setTimeout(r, 200))) {
    if (await fetch(`http://127.0.0.1:${port}/readyz`).then((r) => r.ok, () => false)) return
  }
  throw new Error(`nothing answered on ${port}`)
}
