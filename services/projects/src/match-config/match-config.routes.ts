import { pageOf, sendPage, type Handler } from '@ligature/service-kit'
import type { MatchConfigService } from './match-config.service.js'

/** Handlers of the match configuration calls: the whole config, strategies and weight curves. */
export const matchConfigHandlers = (svc: MatchConfigService) => ({
  getMatchConfig: (async ({ principal, params }) => svc.get(principal, params.id)) satisfies Handler,

  listMatchStrategies: (async ({ principal, params, query, reply }) => {
    const { items, total } = await svc.listStrategies(principal, params.id, pageOf(query))
    return sendPage(reply, items, total)
  }) satisfies Handler,
  createMatchStrategy: (async ({ principal, params, body }) => svc.createStrategy(principal, params.id, body)) satisfies Handler,
  getMatchStrategy: (async ({ principal, params }) => svc.getStrategy(principal, params.id, params.strategyId)) satisfies Handler,
  updateMatchStrategy: (async ({ principal, params, body }) => svc.updateStrategy(principal, params.id, params.strategyId, body)) satisfies Handler,
  deleteMatchStrategy: (async ({ principal, params }) => svc.deleteStrategy(principal, params.id, params.strategyId)) satisfies Handler,

  listWeightCurves: (async ({ principal, params, query, reply }) => {
    const { items, total } = await svc.listCurves(principal, params.id, pageOf(query))
    return sendPage(reply, items, total)
  }) satisfies Handler,
  createWeightCurve: (async ({ principal, params, body }) => svc.createCurve(principal, params.id, body)) satisfies Handler,
  getWeightCurve: (async ({ principal, params }) => svc.getCurve(principal, params.id, params.weightCurveId)) satisfies Handler,
  updateWeightCurve: (async ({ principal, params, body }) => svc.updateCurve(principal, params.id, params.weightCurveId, body)) satisfies Handler,
  deleteWeightCurve: (async ({ principal, params }) => svc.deleteCurve(principal, params.id, params.weightCurveId)) satisfies Handler,
})
