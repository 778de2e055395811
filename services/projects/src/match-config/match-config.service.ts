import type { Kysely } from 'kysely'
import type { MatchConfig, MatchStrategyInput, WeightCurveInput } from '@ligature/contracts'
import { apiError, decodeVersion, isUniqueViolation, notFound, type Page, type Principal } from '@ligature/service-kit'
import type { ProjectRow, ProjectsDb } from '../db.js'
import { readableProject, writableProject } from '../projects/project-access.js'
import { providerForFields } from '../match-providers/catalogue.js'
import * as repo from './match-config.repository.js'
import { toStrategy } from './strategy.mapper.js'
import { strategyProblems } from './strategy-validation.js'
import { curveProblems, toWeightCurve } from './weight-curve.mapper.js'

const usedFields = (strategies: { blocking_fields: { matchProviderFieldName: string }[]; matching_fields: { matchProviderFieldName: string }[] }[]) =>
  strategies.flatMap((s) => [...s.blocking_fields, ...s.matching_fields].map((f) => f.matchProviderFieldName))

export function createMatchConfigService(db: Kysely<ProjectsDb>) {
  const strategyOf = async (project: ProjectRow, id: number) => {
    const row = await repo.findStrategy(db, project.id, id)
    if (!row) throw notFound('Match strategy')
    return row
  }
  const curveOf = async (project: ProjectRow, id: number) => {
    const row = await repo.findCurve(db, project.id, id)
    if (!row) throw notFound('Weight curve')
    return row
  }
  const codeTaken = (key: 'createWeightCurve' | 'unparseableBody') => (err: unknown): never => {
    if (isUniqueViolation(err)) throw apiError(key, [{ path: '/code', message: 'this project already has a weight curve with that code' }])
    throw err
  }

  return {
    /** The whole configuration; the provider is the one whose fields the strategies use. */
    async get(p: Principal, ref: string): Promise<MatchConfig> {
      const project = await readableProject(db, p, ref)
      const [{ rows: strategies }, { rows: curves }] = await Promise.all([repo.listStrategies(db, project.id), repo.listCurves(db, project.id)])
      return {
        projectId: project.id, matchProvider: providerForFields(usedFields(strategies)).name, logType: project.log_type,
        strategies: strategies.map(toStrategy), weightCurves: curves.map(toWeightCurve),
      }
    },
    async listStrategies(p: Principal, ref: string, page: Page) {
      const { rows, total } = await repo.listStrategies(db, (await readableProject(db, p, ref)).id, page)
      return { items: rows.map(toStrategy), total }
    },
    getStrategy: async (p: Principal, ref: string, id: number) => toStrategy(await strategyOf(await readableProject(db, p, ref), id)),
    async createStrategy(p: Principal, ref: string, input: MatchStrategyInput) {
      const project = await writableProject(db, p, ref)
      const problems = strategyProblems(input, await repo.curveCodes(db, project.id))
      if (problems.length > 0) throw apiError('createMatchStrategy', problems)
      return toStrategy(await repo.insertStrategy(db, project.id, input))
    },
    async updateStrategy(p: Principal, ref: string, id: number, input: MatchStrategyInput) {
      const project = await writableProject(db, p, ref)
      await strategyOf(project, id)
      const problems = strategyProblems(input, await repo.curveCodes(db, project.id))
      if (problems.length > 0) throw apiError('unparseableBody', problems)
      if (await repo.updateStrategy(db, project.id, id, input, decodeVersion(input.version)) === 0) throw apiError('staleVersion')
    },
    async deleteStrategy(p: Principal, ref: string, id: number) {
      const project = await writableProject(db, p, ref)
      if (await repo.deleteStrategy(db, project.id, id) === 0) throw notFound('Match strategy')
    },

    async listCurves(p: Principal, ref: string, page: Page) {
      const { rows, total } = await repo.listCurves(db, (await readableProject(db, p, ref)).id, page)
      return { items: rows.map(toWeightCurve), total }
    },
    getCurve: async (p: Principal, ref: string, id: number) => toWeightCurve(await curveOf(await readableProject(db, p, ref), id)),
    async createCurve(p: Principal, ref: string, input: WeightCurveInput) {
      const project = await writableProject(db, p, ref)
      const problems = curveProblems(input)
      if (problems.length > 0) throw apiError('createWeightCurve', problems)
      return toWeightCurve(await repo.insertCurve(db, project.id, input).catch(codeTaken('createWeightCurve')))
    },
    /** A curve's code cannot change while strategies reference it: they would point at nothing. */
    async updateCurve(p: Principal, ref: string, id: number, input: WeightCurveInput) {
      const project = await writableProject(db, p, ref)
      const current = await curveOf(project, id)
      const problems = curveProblems(input)
      if (input.code !== current.code) {
        const users = await repo.strategiesUsingCurve(db, project.id, current.code)
        if (users.length > 0) problems.push({ path: '/code', message: `the code is used by strategies: ${users.join(', ')}` })
      }
      if (problems.length > 0) throw apiError('unparseableBody', problems)
      const changed = await repo.updateCurve(db, project.id, id, input, decodeVersion(input.version)).catch(codeTaken('unparseableBody'))
      if (changed === 0) throw apiError('staleVersion')
    },
    async deleteCurve(p: Principal, ref: string, id: number) {
      const project = await writableProject(db, p, ref)
      const current = await curveOf(project, id)
      const users = await repo.strategiesUsingCurve(db, project.id, current.code)
      if (users.length > 0) throw apiError('invalidRequest', [{ path: '/weightCurveId', message: `the curve is used by strategies: ${users.join(', ')}` }])
      if (await repo.deleteCurve(db, project.id, id) === 0) throw notFound('Weight curve')
    },
  }
}
export type MatchConfigService = ReturnType<typeof createMatchConfigService>
