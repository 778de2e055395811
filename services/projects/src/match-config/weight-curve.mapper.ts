import type { WeightCurve, WeightCurveInput } from '@ligature/contracts'
import { encodeVersion, type FieldProblem } from '@ligature/service-kit'
import type { WeightCurveRow } from '../db.js'

export const toWeightCurve = (r: WeightCurveRow): WeightCurve => ({
  weightCurveId: r.id, code: r.code, name: r.name, decimalScale: r.decimal_scale, points: r.points,
  lastModified: r.last_modified.toISOString(), version: encodeVersion(r.revision),
})

/** Ranges come from the schema; the order of points is checked here: sorted by distance, none repeated. */
export function curveProblems(input: WeightCurveInput): FieldProblem[] {
  const problems: FieldProblem[] = []
  input.points.forEach((p, i) => {
    const before = input.points[i - 1]
    if (before && p.distance === before.distance) problems.push({ path: `/points/${i}/distance`, message: `duplicate distance ${p.distance}` })
    else if (before && p.distance < before.distance) problems.push({ path: `/points/${i}/distance`, message: 'points must be sorted by distance' })
  })
  return problems
}
