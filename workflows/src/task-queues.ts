/** The queue of CPU-bound link activities, beside a worker's main queue (see worker.ts). Pure: workflows import it. */
export const linkTaskQueue = (taskQueue: string) => `${taskQueue}-link`
