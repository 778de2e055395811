import t from 'tap'
import { LinkageStatus } from '@ligature/contracts'
import { checkLinkageMove, IllegalLinkageMove } from './linkage-state.js'

const { Pending, Processing, Failed, Complete } = LinkageStatus

t.test('Pending → Processing → Complete or Failed, and a repeated report', async (t) => {
  t.doesNotThrow(() => checkLinkageMove(Pending, Processing))
  t.doesNotThrow(() => checkLinkageMove(Processing, Complete))
  t.doesNotThrow(() => checkLinkageMove(Pending, Failed))
  t.doesNotThrow(() => checkLinkageMove(Complete, Complete))
})

t.test('final states stay, and nothing returns to Pending', async (t) => {
  t.throws(() => checkLinkageMove(Complete, Processing), IllegalLinkageMove)
  t.throws(() => checkLinkageMove(Failed, Complete), IllegalLinkageMove)
  t.throws(() => checkLinkageMove(Processing, Pending), IllegalLinkageMove)
})
