import { Type } from '@sinclair/typebox'
import { internalSecretSetting, loadConfig } from '@ligature/service-kit'
import { DEFAULT_BLOCK_CAP, DEFAULT_WINDOW } from '@ligature/engine'

export const WorkerConfigSchema = Type.Object({
  DATABASE_URL: Type.String({ default: 'postgres://postgres@127.0.0.1:5432/ligature' }),
  NATS_URL: Type.String({ default: 'nats://127.0.0.1:4222' }),
  LIGATURE_NATS_NAMESPACE: Type.String({ default: '', pattern: '^[A-Za-z0-9_-]*$' }),
  TEMPORAL_ADDRESS: Type.String({ default: '127.0.0.1:7233' }),
  TEMPORAL_NAMESPACE: Type.String({ default: 'default' }),
  TEMPORAL_TASK_QUEUE: Type.String({ default: 'ligature' }),
  LIGATURE_INTERNAL_SECRET: internalSecretSetting(),
  LIGATURE_DATA_DIR: Type.String({ default: '.data' }),
  ENVELOPES_URL: Type.String({ default: 'http://127.0.0.1:8083' }),
  REGISTRY_URL: Type.String({ default: 'http://127.0.0.1:8081' }),
  PROJECTS_URL: Type.String({ default: 'http://127.0.0.1:8082' }),
  RESULTS_URL: Type.String({ default: 'http://127.0.0.1:8084' }),
  /** Block partitions per on-disk linkage: the unit of parallel work across workers. Each partition repeats
   *  some per-strategy set-up, so about one per worker process is fastest (1M records, one worker: 2 → 24 s
   *  link step, 4 → 28 s). A small envelope into an existing project runs as one (pipeline/partition-count.ts). */
  LIGATURE_LINK_PARTITIONS: Type.Integer({ default: 2, minimum: 1, maximum: 256 }),
  /** Threads that parse and preprocess one large data file during a load (pipeline/load-file.ts); 0 means one per
   *  core, 1 keeps loading on the worker's main thread. */
  LIGATURE_LOAD_THREADS: Type.Integer({ default: 0, minimum: 0, maximum: 256 }),
  /** Milliseconds between memory samples while activities run, each activity logging its peak at info
   *  (activity-memory.ts); 0 turns it off. For finding which step of a large linkage needs the memory. */
  LIGATURE_ACTIVITY_MEMORY_MS: Type.Integer({ default: 0, minimum: 0, maximum: 60_000 }),
  /** Whether a small envelope's linkage reads the existing records from the project's cached copy in the table
   *  folder (records/record-cache.ts) when it is current: 'on', or 'off' to always read them from Postgres. */
  LIGATURE_RECORD_CACHE: Type.Union([Type.Literal('on'), Type.Literal('off')], { default: 'on' }),
  /** Largest block a strategy compares whole; a larger one is compared by sorted neighbourhood (engine
   *  blocking/neighbourhood.ts, DECISIONS.md "Large blocks"). Frozen into each linkage's strategies when it starts. */
  LIGATURE_BLOCK_CAP: Type.Integer({ default: DEFAULT_BLOCK_CAP, minimum: 2, maximum: 1_000_000 }),
  /** Records each record of a large block meets on either side in each of its two sort orders, itself included. */
  LIGATURE_BLOCK_WINDOW: Type.Integer({ default: DEFAULT_WINDOW, minimum: 2, maximum: 10_000 }),
})

export const loadWorkerConfig = (env?: NodeJS.ProcessEnv) => loadConfig('worker', WorkerConfigSchema, env)
export type WorkerConfig = ReturnType<typeof loadWorkerConfig>
