import { api } from './http.js'

/** The import format of the FEBRL CSVs (header row; date of birth as yyyyMMdd; soc_sec_id as a person id). */
export const FEBRL_IMPORT_FORMAT = {
  name: 'FEBRL CSV', columnType: 3,
  columns: [
    { name: 'rec_id', linkageField: 'sourceUniqueId' },
    { name: 'given_name', linkageField: 'givenName' },
    { name: 'surname', linkageField: 'surname' },
    { name: 'street_number', linkageField: '' },
    { name: 'address_1', linkageField: 'addressLine' },
    { name: 'address_2', linkageField: '' },
    { name: 'suburb', linkageField: 'suburb' },
    { name: 'postcode', linkageField: 'postcode' },
    { name: 'state', linkageField: 'state' },
    { name: 'date_of_birth', linkageField: 'dateOfBirth', format: 'yyyyMMdd' },
    { name: 'soc_sec_id', linkageField: 'jurisdictionalLinkageKey' },
  ],
}

/**
 * Configures, through the public API, what a FEBRL envelope needs: a data provider, the import format, one
 * event type per code with a DelimitedFile data source, and a project with those event types as members.
 */
export async function configureProject(baseUrl: string, token: string, opts: { project: string; provider: string; eventTypes: string[]; groupStrategy?: string; importFormat?: typeof FEBRL_IMPORT_FORMAT; projectLinks?: unknown[] }) {
  const call = async (method: string, path: string, body: unknown) => {
    const res = await api(baseUrl, method, `/api/v3.3${path}`, { token, body })
    if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}: ${res.text}`)
    return res.json
  }
  const provider = await call('POST', '/dataproviders', { code: opts.provider, organisation: `${opts.provider} data custodian`, contactName: 'Data Custodian', email: 'custodian@example.org' })
  const importFormat = opts.importFormat ?? FEBRL_IMPORT_FORMAT
  const format = await call('POST', '/importformats', { ...importFormat, name: `${importFormat.name} ${opts.project}` })
  const eventTypes = []
  for (const code of opts.eventTypes) {
    eventTypes.push(await call('POST', '/eventtypes', {
      dataProviderId: provider.id, code, description: `${code} records`, isAuthoritative: false, category: 'Benchmark',
      dataSources: [{ dataSourceType: 'DelimitedFile', importFormatId: format.id, name: 'Envelope files', code: 'ENVELOPE', settings: [
        { name: 'columnSeparator', value: ',', isSecret: false }, { name: 'isFirstLineHeader', value: 'true', isSecret: false },
      ] }],
    }))
  }
  const project = await call('POST', '/projects', {
    code: opts.project, name: `${opts.project} linkage`, description: 'Benchmark linkage project',
    eventTypeMembers: eventTypes.map((e: { id: number; code: string }) => ({ eventTypeId: e.id, code: e.code })),
    ...(opts.groupStrategy ? { groupConfig: { groupStrategy: opts.groupStrategy } } : {}),
    ...(opts.projectLinks ? { projectLinks: opts.projectLinks } : {}),
  })
  return { provider, format, eventTypes, project }
}
