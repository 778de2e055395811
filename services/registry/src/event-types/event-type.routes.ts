import type { Kysely } from 'kysely'
import { notImplementedHandlers } from '@ligature/service-kit'
import type { RegistryDb } from '../db.js'
import type { Scope } from '../scope.js'

export const eventTypeHandlers = (_db: Kysely<RegistryDb>, _scope: Scope) => notImplementedHandlers([
  'listEventTypes', 'createEventType', 'getEventType', 'updateEventType', 'deleteEventType', 'listDataProviderEventTypes',
])
