import { Worker } from 'node:worker_threads'

/**
 * Starts the module `name` (a sibling of `caller`, given without extension) in a worker thread. The worker
 * process runs TypeScript through tsx (as the tests do), and a thread does not inherit the loader of the thread
 * that starts it, so under tsx the thread registers it before importing the entry; compiled JavaScript needs no loader.
 */
export function spawnThread(caller: string, name: string): Worker {
  if (!caller.endsWith('.ts')) return new Worker(new URL(`./${name}.js`, caller))
  const entry = new URL(`./${name}.ts`, caller).href
  const tsx = import.meta.resolve('tsx/esm/api')
  return new Worker(`import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(entry)}) })`, { eval: true })
}
