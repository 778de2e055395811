import { outboxMigration } from '@ligature/service-kit'
import * as createEnvelopes from './2026_11_22_0001_create_envelopes.js'
import * as createWorkflowsAndLinkages from './2026_11_22_0002_create_workflows_and_linkages.js'
import * as createJobs from './2026_11_22_0003_create_jobs.js'
import * as createRecordDestructions from './2026_11_25_0004_create_record_destructions.js'
import * as jobRequestKeys from './2026_11_27_0005_job_request_keys.js'
import * as notificationRequestKeys from './2026_11_27_0006_notification_request_keys.js'

export const envelopesMigrations = {
  '2026_11_22_0000_outbox': outboxMigration,
  '2026_11_22_0001_create_envelopes': createEnvelopes,
  '2026_11_22_0002_create_workflows_and_linkages': createWorkflowsAndLinkages,
  '2026_11_22_0003_create_jobs': createJobs,
  '2026_11_25_0004_create_record_destructions': createRecordDestructions,
  '2026_11_27_0005_job_request_keys': jobRequestKeys,
  '2026_11_27_0006_notification_request_keys': notificationRequestKeys,
}
