import { projectsRoutes } from '@ligature/contracts'
import { handlersOf, pageOf, sendPage } from '@ligature/service-kit'
import type { MatchConfigService } from './match-config.service.js'

/** Handlers of the match configuration calls: the whole config, strategies and weight curves. */
export const matchConfigHandlers = (svc: MatchConfigService) => handlersOf(projectsRoutes)({
  getMatchConfig: async ({ principal, params }) => svc.get(principal, params.id),

  listMatchStrategies: async ({ principal, params, query, reply }) => {
    const { items, total } = await svc.listStrategies(principal, params.id, pageOf(query))
    return sendPage(reply, items, total)
  },
  createMatchStrategy: async ({ principal, params, body }) => svc.createStrategy(principal, params.id, body),
  getMatchStrategy: async ({ principal, params }) => svc.getStrategy(principal, params.id, params.strategyId),
  updateMatchStrategy: async ({ principal, params, body }) => svc.updateStrategy(principal, params.id, params.strategyId, body),
  deleteMatchStrategy: async ({ principal, params }) => svc.deleteStrategy(principal, params.id, params.strategyId),

  listWeightCurves: async ({ principal, params, query, reply }) => {
    const { items, total } = await svc.listCurves(principal, params.id, pageOf(query))
    return sendPage(reply, items, total)
  },
  createWeightCurve: async ({ principal, params, body }) => svc.createCurve(principal, params.id, body),
  getWeightCurve: async ({ principal, params }) => svc.getCurve(principal, params.id, params.weightCurveId),
  updateWeightCurve: async ({ principal, params, body }) => svc.updateCurve(principal, params.id, params.weightCurveId, body),
  deleteWeightCurve: async ({ principal, params }) => svc.deleteCurve(principal, params.id, params.weightCurveId),
})
