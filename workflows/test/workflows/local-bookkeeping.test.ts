/**
 * Bookkeeping calls became local activities under a patch (src/workflows/local-bookkeeping.ts). Two real envelope
 * histories, recorded from a 10,000-into-100,000 incremental linkage (`bench:linkage --incremental`) with the
 * client's `fetchHistory`, replay on today's workflow code without a determinism error: one from before the change
 * (every call an activity task), one from after it (bookkeeping as local-activity markers). A change to the
 * workflows that breaks either fails here.
 */
import t from 'tap'
import { readFile } from 'node:fs/promises'
import proto from '@temporalio/proto'
import { Worker } from '@temporalio/worker'
import { workflowsPath } from '../../src/worker.js'
import { localActivityType, scheduledActivityType } from './history-events.js'

const BOOKKEEPING_NAMES = ['setEnvelopeState', 'planLinkage', 'createLinkage', 'requestProjectLock', 'setLinkageStatus', 'startJob', 'finishJob', 'notifyWithAttachment']

type History = proto.temporal.api.history.v1.History
const { History } = proto.temporal.api.history.v1

/**
 * Stored as binary protobuf (the client's fetchHistory, encoded): the SDK's reader of the JSON form needs the one
 * protobufjs both Temporal packages load, and npm installs each its own copy here.
 */
async function history(name: string): Promise<History> {
  return History.decode(await readFile(new URL(`./histories/${name}.binpb`, import.meta.url)))
}

function activityTypes(h: History): string[] {
  return (h.events ?? []).flatMap((e) => scheduledActivityType(e) ?? [])
}

function localActivityTypes(h: History): string[] {
  return (h.events ?? []).flatMap((e) => localActivityType(e) ?? [])
}

t.test('a history from before local bookkeeping replays: its calls stay activity tasks', async (t) => {
  const before = await history('linkage-envelope-before-local-bookkeeping')
  const remote = activityTypes(before)
  for (const name of BOOKKEEPING_NAMES) t.ok(remote.includes(name), `${name} ran as an activity task`)
  t.same(localActivityTypes(before), [])
  await Worker.runReplayHistory({ workflowsPath }, before, 'before-local-bookkeeping')
  t.pass('replayed without a determinism error')
})

t.test('a history with local bookkeeping replays: only the work is an activity task', async (t) => {
  const after = await history('linkage-envelope-local-bookkeeping')
  const remote = activityTypes(after)
  t.same(remote, ['inspectEnvelope', 'loadDataFile', 'prepareLinkage', 'matchLinkagePartition', 'groupLinkage', 'clericalReview', 'publishKeyLineage'])
  const local = localActivityTypes(after)
  for (const name of BOOKKEEPING_NAMES) t.ok(local.includes(name), `${name} ran as a local activity`)
  await Worker.runReplayHistory({ workflowsPath }, after, 'local-bookkeeping')
  t.pass('replayed without a determinism error')
})
