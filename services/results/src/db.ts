import type { OutboxTable } from '@ligature/service-kit'

export interface ResultsDb extends OutboxTable {}
export const RESULTS_SCHEMA = 'results'
