import { sql, type Kysely, type Transaction } from 'kysely'
import type { MatchStrategyInput, WeightCurveInput } from '@ligature/contracts'
import { pageWithTotal, type Page } from '@ligature/service-kit'
import type { ProjectsDb } from '../db.js'
import { strategyColumns } from './strategy.mapper.js'

type Db = Kysely<ProjectsDb> | Transaction<ProjectsDb>

/** Strategies in run order: `order` smallest first, then id. */
export const listStrategies = (db: Db, projectId: number, page?: Page) => {
  const q = db.selectFrom('match_strategies').where('project_id', '=', projectId)
  return pageWithTotal(q, (f) => f.selectAll().orderBy('order').orderBy('id'), page)
}
export const findStrategy = (db: Db, projectId: number, id: number) =>
  db.selectFrom('match_strategies').selectAll().where('project_id', '=', projectId).where('id', '=', id).executeTakeFirst()
export const insertStrategy = (db: Db, projectId: number, input: MatchStrategyInput) =>
  db.insertInto('match_strategies').values({ project_id: projectId, ...strategyColumns(input) }).returningAll().executeTakeFirstOrThrow()
export async function updateStrategy(db: Db, projectId: number, id: number, input: MatchStrategyInput, expected: number | null) {
  let q = db.updateTable('match_strategies').set({ ...strategyColumns(input), revision: sql`revision + 1`, last_modified: sql`now()` })
    .where('project_id', '=', projectId).where('id', '=', id)
  if (expected !== null) q = q.where('revision', '=', expected)
  return Number((await q.executeTakeFirst()).numUpdatedRows)
}
export const deleteStrategy = async (db: Db, projectId: number, id: number) =>
  Number((await db.deleteFrom('match_strategies').where('project_id', '=', projectId).where('id', '=', id).executeTakeFirst()).numDeletedRows)

export const listCurves = (db: Db, projectId: number, page?: Page) => {
  const q = db.selectFrom('weight_curves').where('project_id', '=', projectId)
  return pageWithTotal(q, (f) => f.selectAll().orderBy('id'), page)
}
export const curveCodes = async (db: Db, projectId: number) =>
  new Set((await db.selectFrom('weight_curves').select('code').where('project_id', '=', projectId).execute()).map((r) => r.code))
export const findCurve = (db: Db, projectId: number, id: number) =>
  db.selectFrom('weight_curves').selectAll().where('project_id', '=', projectId).where('id', '=', id).executeTakeFirst()

const curveColumns = (input: WeightCurveInput) => ({
  code: input.code, name: input.name, decimal_scale: input.decimalScale,
  points: JSON.stringify(input.points.map(({ distance, weightProportion }) => ({ distance, weightProportion }))) as never,
})
export const insertCurve = (db: Db, projectId: number, input: WeightCurveInput) =>
  db.insertInto('weight_curves').values({ project_id: projectId, ...curveColumns(input) }).returningAll().executeTakeFirstOrThrow()
export async function updateCurve(db: Db, projectId: number, id: number, input: WeightCurveInput, expected: number | null) {
  let q = db.updateTable('weight_curves').set({ ...curveColumns(input), revision: sql`revision + 1`, last_modified: sql`now()` })
    .where('project_id', '=', projectId).where('id', '=', id)
  if (expected !== null) q = q.where('revision', '=', expected)
  return Number((await q.executeTakeFirst()).numUpdatedRows)
}
export const deleteCurve = async (db: Db, projectId: number, id: number) =>
  Number((await db.deleteFrom('weight_curves').where('project_id', '=', projectId).where('id', '=', id).executeTakeFirst()).numDeletedRows)

/** Names of the strategies whose matching fields reference the curve `code`. */
export async function strategiesUsingCurve(db: Db, projectId: number, code: string): Promise<string[]> {
  const { rows } = await listStrategies(db, projectId)
  return rows.filter((s) => s.matching_fields.some((m) => m.weightCurveCode === code)).map((s) => s.name)
}
