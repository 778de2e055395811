/**
 * What the integration tests do through the gateway again and again: call as the administrator, wait for a
 * status, send an envelope and wait for its end, and run an extraction to read its files. One place, so a
 * change of the API's shape is fixed once.
 */
import { api, buildEnvelope, uploadEnvelope, waitForEnvelope, type EnvelopeSpec } from '@ligature/testkit'
import { csvRows, unzipText } from './unzip.js'

/** The FEBRL columns the test projects' import format reads, and one row of them. */
export const FEBRL_HEADER = 'rec_id,given_name,surname,street_number,address_1,address_2,suburb,postcode,state,date_of_birth,soc_sec_id'
export const febrlRow = (id: string, given: string, surname: string, dob: string, personId = '') =>
  `${id},${given},${surname},12,main street,,springfield,2600,act,${dob},${personId}`
export const febrlFile = (rows: string[]) => [FEBRL_HEADER, ...rows].join('\n') + '\n'

export function gatewayClient(platform: { url: string; adminToken: string }) {
  const admin = platform.adminToken
  const call = (method: string, path: string, body?: unknown, token = admin) =>
    api(platform.url, method, `/api/v3.3${path}`, { token, ...(body === undefined ? {} : { body }) })
  const ok = async (method: string, path: string, body?: unknown) => {
    const res = await call(method, path, body)
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${res.text}`)
    return res.json
  }
  /** GETs `path` until `done` holds (or two minutes pass) and returns the last answer. */
  const wait = async <T>(path: string, done: (x: T) => boolean): Promise<T> => {
    const deadline = Date.now() + 120_000
    for (;;) {
      const x = await ok('GET', path) as T
      if (done(x) || Date.now() > deadline) return x
      await new Promise((r) => setTimeout(r, 200))
    }
  }
  /** Uploads the envelope `name.zip` and waits until it is Complete or Failed. */
  const sendEnvelope = async (name: string, spec: EnvelopeSpec) => {
    const up = await uploadEnvelope(platform.url, admin, `${name}.zip`, buildEnvelope(spec))
    if (up.status !== 201) throw new Error(`upload ${name}: ${up.status} ${JSON.stringify(up.json)}`)
    return waitForEnvelope(platform.url, admin, name, 120_000)
  }
  /** Runs an extraction to Complete and returns the files of its result zip by name. */
  const extractFiles = async (extractionProjectId: string, projectCode: string, eventTypeCode: string): Promise<Map<string, string>> => {
    const created = await ok('POST', '/extractions', { extractionProjectId, projectCode, eventTypeCode })
    const done = await wait<{ callStatus: number; statusName: string }>(`/extractions/${created.id}`, (x) => x.callStatus >= 3)
    if (done.callStatus !== 4) throw new Error(`extraction ${created.id} ${done.statusName}`)
    const [result] = await ok('GET', `/extractions/${created.id}/results`)
    const zip = await fetch(`${platform.url}/api/v3.3/results/${result.id}/download`, { headers: { authorization: `Bearer ${admin}` } })
    return unzipText(Buffer.from(await zip.arrayBuffer()))
  }
  /** An extraction's map, Source Unique ID → Person Key, sorted by id: comparable across extractions. */
  const keyMap = async (extractionProjectId: string, projectCode: string, eventTypeCode: string) => {
    const rows = csvRows((await extractFiles(extractionProjectId, projectCode, eventTypeCode)).get('data-extract.csv')!)
    return Object.fromEntries(rows.map((r) => [r['Source Unique ID']!, r['Person Key']!]).sort())
  }
  /** Rolls the project back one envelope and waits for the rollback job to end. */
  const rollback = async (projectId: number, reason: string) => {
    const res = await call('POST', `/projects/${projectId}/rollback`, { reason })
    if (res.status !== 201) throw new Error(`rollback: ${res.status} ${res.text}`)
    return wait<{ status: number; statusName: string }>(`/workflows/${res.json.id}`, (w) => w.status >= 4)
  }
  return { admin, call, ok, wait, sendEnvelope, extractFiles, keyMap, rollback }
}
