import { fileURLToPath } from 'node:url'
import { DefaultLogger, NativeConnection, Runtime, Worker, type LogLevel } from '@temporalio/worker'
import { Client, Connection } from '@temporalio/client'
import pino, { type Logger } from 'pino'
import { connectNats, ensureStream, loggerOptions } from '@ligature/service-kit'
import { loadWorkerConfig, type WorkerConfig } from './config.js'
import { createActivities } from './activities/index.js'
import { startDispatcher } from './dispatcher.js'
import { linkTaskQueue } from './task-queues.js'
import { activityMemoryInterceptor } from './activity-memory.js'
import { warmRangePool } from './loading/parallel/kept-range-pool.js'
import { warmColumnThread } from './records/kept-column-thread.js'
import { loadThreads } from './pipeline/load-file.js'

export const workflowsPath = fileURLToPath(new URL('./workflows/index.ts', import.meta.url))

export interface WorkerProcess {
  /** Resolves when the worker has shut down (a signal, or `stop`). */
  done: Promise<void>
  stop: () => Promise<void>
}

const TEMPORAL_LEVELS: Record<string, LogLevel> = { trace: 'TRACE', debug: 'DEBUG', info: 'INFO', warn: 'WARN', error: 'ERROR', fatal: 'ERROR' }
let runtimeInstalled = false

/** The worker process: Temporal activities and workflows, plus the NATS dispatcher that starts them. */
export async function startWorkerProcess(config: WorkerConfig, log: Logger = pino(loggerOptions('worker'))): Promise<WorkerProcess> {
  // The SDK's own log follows LOG_LEVEL too; the runtime can be installed once per process.
  if (!runtimeInstalled) {
    runtimeInstalled = true
    Runtime.install({ logger: new DefaultLogger(TEMPORAL_LEVELS[process.env.LOG_LEVEL ?? 'info'] ?? 'INFO') })
  }
  const connection = await NativeConnection.connect({ address: config.TEMPORAL_ADDRESS })
  const clientConnection = await Connection.connect({ address: config.TEMPORAL_ADDRESS })
  const client = new Client({ connection: clientConnection, namespace: config.TEMPORAL_NAMESPACE })
  const nc = await connectNats(config.NATS_URL, 'worker')
  await ensureStream(nc, config.LIGATURE_NATS_NAMESPACE)
  const activities = createActivities({ envelopesUrl: config.ENVELOPES_URL, internalSecret: config.LIGATURE_INTERNAL_SECRET, dataDir: config.LIGATURE_DATA_DIR, registryUrl: config.REGISTRY_URL, projectsUrl: config.PROJECTS_URL, resultsUrl: config.RESULTS_URL, databaseUrl: config.DATABASE_URL, linkPartitions: config.LIGATURE_LINK_PARTITIONS, recordCache: config.LIGATURE_RECORD_CACHE === 'on', loadThreads: config.LIGATURE_LOAD_THREADS,
    neighbourhood: { blockCap: config.LIGATURE_BLOCK_CAP, window: config.LIGATURE_BLOCK_WINDOW },
    lock: { client, taskQueue: config.TEMPORAL_TASK_QUEUE, namespace: config.LIGATURE_NATS_NAMESPACE } })
  // One interceptor for both workers: they share the process, so its memory and its activities.
  const interceptors = config.LIGATURE_ACTIVITY_MEMORY_MS > 0 ? { activity: [activityMemoryInterceptor(config.LIGATURE_ACTIVITY_MEMORY_MS, log)] } : {}
  const worker = await Worker.create({
    connection, namespace: config.TEMPORAL_NAMESPACE, taskQueue: config.TEMPORAL_TASK_QUEUE, workflowsPath, activities, interceptors,
  })
  // CPU-bound link work (block partitions, grouping) has its own queue, one task at a time per process: a
  // Node process computes on one core, so a second task would only wait, while another worker could run it.
  const linkWorker = await Worker.create({
    connection, namespace: config.TEMPORAL_NAMESPACE, taskQueue: linkTaskQueue(config.TEMPORAL_TASK_QUEUE), activities,
    maxConcurrentActivityTaskExecutions: 1, interceptors,
  })
  // The parse threads and the column-coding thread start now, not with the first large load or read
  // (kept-range-pool.ts, kept-column-thread.ts), and the worker takes tasks once they are loaded. They are not
  // ended with the worker: idle, they do not keep the process alive, and other workers of this process may share them.
  await Promise.all([warmRangePool(loadThreads(config.LIGATURE_LOAD_THREADS)), warmColumnThread()])
  const running = Promise.all([worker.run(), linkWorker.run()]).then(() => undefined)
  const dispatcher = await startDispatcher({ nc, client, taskQueue: config.TEMPORAL_TASK_QUEUE, namespace: config.LIGATURE_NATS_NAMESPACE, log })
  log.info({ taskQueue: config.TEMPORAL_TASK_QUEUE }, 'worker started')
  const done = running.finally(async () => {
    await dispatcher.stop().catch(() => {})
    await nc.drain().catch(() => {})
    await clientConnection.close()
    await connection.close()
  })
  return {
    done,
    stop: async () => {
      for (const w of [worker, linkWorker]) if (w.getState() === 'RUNNING') w.shutdown()
      await done
    },
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  // eslint-disable-next-line no-console -- the entry point: a bad configuration fails before any logger exists
  startWorkerProcess(loadWorkerConfig()).then((p) => p.done).catch((err) => { console.error(err); process.exit(1) })
}
