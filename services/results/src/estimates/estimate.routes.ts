import { resultsRoutes } from '@ligature/contracts'
import { handlersOf, apiError, pageOf, sendPage } from '@ligature/service-kit'
import type { StrategyClient } from '../projects/strategy-client.js'
import { applyEstimate } from './apply-estimate.js'
import type { EstimateService } from './estimate.service.js'

export const estimateHandlers = (svc: EstimateService, strategies: StrategyClient) => handlersOf(resultsRoutes)({
  listEstimates: async ({ principal, query, reply }) => {
    const { items, total } = await svc.list(principal, pageOf(query), query.envelopeName)
    return sendPage(reply, items, total)
  },
  getEstimate: async ({ principal, params }) => (await svc.get(principal, params.id)).document,
  downloadEstimate: async ({ principal, params, reply }) => {
    const row = await svc.get(principal, params.id)
    const body = JSON.stringify(row.document, null, 2)
    return reply.status(200).header('content-type', 'application/json')
      .header('content-disposition', `attachment; filename="estimate-${row.id}.json"`).send(body)
  },
  /** The estimate must be of this project; the strategy is read and written as the caller (strategy-client.ts). */
  applyEstimate: async ({ principal, params }) => {
    const row = await svc.get(principal, params.estimateId)
    const project = await strategies.project(principal, params.id)
    if (project.code !== row.project_code) {
      throw apiError('invalidRequest', [{ path: '/estimateId', message: `estimate ${row.id} was made for project ${row.project_code}, not ${project.code}` }])
    }
    const current = await strategies.strategy(principal, params.id, params.strategyId)
    const applied = applyEstimate(current, row.document)
    if (applied.fieldsUpdated.length === 0 && !applied.thresholdUpdated) {
      throw apiError('invalidRequest', [{ path: '/strategyId', message: 'the estimate covers none of this strategy\'s matching fields' }])
    }
    await strategies.putStrategy(principal, params.id, params.strategyId, applied.strategy)
    return strategies.strategy(principal, params.id, params.strategyId)
  },
})
