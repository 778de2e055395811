export { startWorkerProcess, workflowsPath, type WorkerProcess } from './worker.js'
export { loadWorkerConfig, type WorkerConfig } from './config.js'
