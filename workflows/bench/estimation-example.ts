/**
 * The worked example of the portal's Estimating probabilities page, from a real run: a project with the platform
 * defaults holding FEBRL 4a, then FEBRL 4b sent as a SubmitProbabilityEstimation envelope. Prints the envelope's
 * job list, its notification and one strategy of the estimate (three of its fields), as the page shows them.
 * Run: node --import tsx workflows/bench/estimation-example.ts   (Postgres, NATS and Temporal running)
 */
import { readFileSync } from 'node:fs'
import { api, buildEnvelope, configureProject, startPlatform, uploadEnvelope, waitForEnvelope } from '@ligature/testkit'
import { startWorkerProcess } from '../src/worker.js'

const read = (file: string) => readFileSync(new URL(`../datasets/febrl/${file}`, import.meta.url), 'utf8')
const SHOWN_STRATEGY = 'Surname and given name'
const SHOWN_FIELDS = ['surname', 'dateOfBirth', 'sex']

const platform = await startPlatform()
const worker = await startWorkerProcess(platform.workerConfig())
const token = platform.adminToken
const get = async (path: string) => (await api(platform.url, 'GET', `/api/v3.3${path}`, { token })).json
async function send(name: string, requestType: 'SubmitLinkage' | 'SubmitProbabilityEstimation', file: string, eventTypeCode: string) {
  const zip = buildEnvelope({ project: 'EST4', sender: 'FEBRLE', requestType, files: [{ fileName: file.replace('febrl_dataset', 'febrl').replace('.csv', '') + '.csv', eventTypeCode, content: read(file) }] })
  const up = await uploadEnvelope(platform.url, token, `${name}.zip`, zip)
  if (up.status !== 201) throw new Error(`${name}: upload answered ${up.status}`)
  const env = await waitForEnvelope(platform.url, token, name, 600_000) as { statusName: string }
  if (env.statusName !== 'Complete') throw new Error(`${name} ended ${env.statusName}`)
}
try {
  await configureProject(platform.url, token, { project: 'EST4', provider: 'FEBRLE', eventTypes: ['FEBRL4A', 'FEBRL4B'] })
  await send('est4-existing', 'SubmitLinkage', 'febrl_dataset4a.csv', 'FEBRL4A')
  await send('est4-estimate', 'SubmitProbabilityEstimation', 'febrl_dataset4b.csv', 'FEBRL4B')
  const jobs = await get('/envelopes/est4-estimate/jobs') as { name: string; stats: { name: string; value: string }[] }[]
  console.log('jobs:')
  console.log(JSON.stringify(jobs.map((j) => [j.name, j.stats])))
  const notes = await get('/envelopes/est4-estimate/notifications') as { message: string }[]
  console.log('\nnotification:')
  console.log(notes.find((n) => n.message.startsWith('Probability estimation complete'))?.message)
  const [listed] = await get('/estimates?envelopeName=est4-estimate') as { id: number }[]
  const doc = await get(`/estimates/${listed!.id}`) as { strategies: { name: string; fields: { field: string }[] }[] }
  const strategy = doc.strategies.find((s) => s.name === SHOWN_STRATEGY)!
  console.log('\nestimate (one strategy, three fields):')
  console.log(JSON.stringify({ ...doc, strategies: [{ ...strategy, fields: strategy.fields.filter((f) => SHOWN_FIELDS.includes(f.field)) }] }, null, 2))
} finally {
  await worker.stop()
  await platform.close()
}
