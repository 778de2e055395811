import { api } from '@ligature/testkit'

/**
 * The documented benchmark configuration: the project's default strategies, plus (for FEBRL) the person
 * identifier soc_sec_id, mapped to jurisdictionalLinkageKey, compared in every strategy and blocked on by one
 * more strategy — the same model the engine-level benchmark uses.
 */
export async function tuneStrategies(baseUrl: string, token: string, projectId: number, withIdentifier: boolean): Promise<void> {
  if (!withIdentifier) return
  const path = `/api/v3.3/projects/${projectId}/matchconfig/strategies`
  const list = await api(baseUrl, 'GET', path, { token })
  const identifier = { matchProviderFieldName: 'jurisdictionalLinkageKey', comparisonTypeName: 'Levenshtein', comparisonTypeProperties: [{ name: 'maxDistance', value: '1' }], matchProbability: 0.9, nonMatchProbability: 0.0001 }
  for (const s of list.json) {
    const { id, lastModified: _l, ...body } = s
    const res = await api(baseUrl, 'PUT', `${path}/${id}`, { token, body: { ...body, matchingFields: [...body.matchingFields.map(strip), identifier] } })
    if (res.status !== 204) throw new Error(`tuning strategy ${s.name} answered ${res.status}: ${res.text}`)
  }
  const first = list.json[0]
  const { id: _i, lastModified: _l, version: _v, ...template } = first
  const created = await api(baseUrl, 'POST', path, { token, body: {
    ...template, name: 'Identifier', order: Math.max(...list.json.map((s: { order: number }) => s.order)) + 1,
    blockingFields: [{ matchProviderFieldName: 'jurisdictionalLinkageKey', matchEmpty: false }],
    matchingFields: [...template.matchingFields.map(strip), identifier],
  } })
  if (created.status !== 201) throw new Error(`the Identifier strategy answered ${created.status}: ${created.text}`)
}

/** Server-assigned ids are not sent back when fields are re-posted. */
const strip = ({ id: _id, ...rest }: { id?: number }) => rest
