// The one module that exports every workflow the worker runs (Temporal bundles it for the sandbox).
export { envelopeWorkflow, envelopeStateQuery } from './envelope.workflow.js'
export { deleteEventTypeWorkflow, deleteDataProviderWorkflow } from './deletion.workflow.js'
export { linkageWorkflow } from './linkage.workflow.js'
export { bulkLoadWorkflow } from './bulk-load.workflow.js'
export { extractionWorkflow } from './extraction.workflow.js'
export { rollbackWorkflow } from './rollback.workflow.js'
export { projectLockWorkflow } from './project-lock.workflow.js'
export { destructionWorkflow } from './destruction.workflow.js'
