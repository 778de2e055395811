/**
 * Weight curves: points (distance 0 = full disagreement … 1 = full agreement, weightProportion 0…1) sorted
 * by distance; a similarity s maps to disagreement + (agreement − disagreement) · proportion(s), where
 * proportion is the linear interpolation between the neighbouring points and is held flat beyond the first
 * and last point.
 */
import type { WeightCurvePoint } from '../types.js'

/** Problems with a curve, empty when it is valid (the API can return these as validation errors). */
export function curveProblems(points: readonly WeightCurvePoint[]): string[] {
  const problems: string[] = []
  if (points.length === 0) problems.push('a weight curve needs at least one point')
  points.forEach((p, i) => {
    if (!(p.distance >= 0 && p.distance <= 1)) problems.push(`point ${i}: distance must lie between 0 and 1`)
    if (!(p.weightProportion >= 0 && p.weightProportion <= 1)) {
      problems.push(`point ${i}: weightProportion must lie between 0 and 1`)
    }
    const before = points[i - 1]
    if (before && p.distance === before.distance) problems.push(`point ${i}: duplicate distance ${p.distance}`)
    else if (before && p.distance < before.distance) problems.push(`point ${i}: points must be sorted by distance`)
  })
  return problems
}

export class WeightCurve {
  private readonly xs: Float64Array
  private readonly ys: Float64Array

  constructor(points: readonly WeightCurvePoint[]) {
    const problems = curveProblems(points)
    if (problems.length > 0) throw new Error(`invalid weight curve: ${problems.join('; ')}`)
    this.xs = Float64Array.from(points, p => p.distance)
    this.ys = Float64Array.from(points, p => p.weightProportion)
  }

  proportion(similarity: number): number {
    const xs = this.xs, ys = this.ys, last = xs.length - 1
    if (similarity <= xs[0]!) return ys[0]!
    if (similarity >= xs[last]!) return ys[last]!
    let hi = 1
    while (xs[hi]! < similarity) hi++
    if (xs[hi] === similarity) return ys[hi]!
    const x0 = xs[hi - 1]!, x1 = xs[hi]!
    return ys[hi - 1]! + ((ys[hi]! - ys[hi - 1]!) * (similarity - x0)) / (x1 - x0)
  }

  weight(similarity: number, agreement: number, disagreement: number): number {
    return disagreement + (agreement - disagreement) * this.proportion(similarity)
  }
}
