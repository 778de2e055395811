import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import { RegistryInternal } from '@ligature/contracts/internal'
import { notFound, routeInternal } from '@ligature/service-kit'
import type { RegistryDb } from '../db.js'
import type { SecretBox } from '../secrets/secret-box.js'

/**
 * The one place a secret setting is opened: the worker reading a data source for a linkage (a connection
 * string, say). Internal only, system principal only (checked by the internal routes' hook); never logged.
 */
export function registerDataSourceInternalRoute(app: FastifyInstance, db: Kysely<RegistryDb>, box: SecretBox): void {
  routeInternal(app, RegistryInternal.dataSource, async (req) => {
    const { code, dataSourceCode } = req.params
    const source = await db.selectFrom('data_sources').innerJoin('event_types', 'event_types.id', 'data_sources.event_type_id')
      .select(['data_sources.id', 'data_sources.data_source_type', 'data_sources.import_format_id', 'event_types.id as event_type_id', 'event_types.is_authoritative'])
      .where('event_types.code', '=', code).where('data_sources.code', '=', dataSourceCode).executeTakeFirst()
    if (!source) throw notFound('Event type')
    const settings = await db.selectFrom('data_source_settings').select(['name', 'value', 'is_secret'])
      .where('data_source_id', '=', source.id).orderBy('position').execute()
    return {
      eventTypeId: source.event_type_id, isAuthoritative: source.is_authoritative, dataSourceType: source.data_source_type,
      importFormatId: source.import_format_id,
      settings: settings.map((s) => ({ name: s.name, value: s.is_secret ? box.open(s.value) : s.value })),
    }
  })
}
