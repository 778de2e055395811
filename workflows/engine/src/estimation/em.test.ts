import t from 'tap'
import { Prng } from '../synthetic/prng.js'
import { expectationMaximisation, twoLevels } from './em.js'
import { MISSING_LEVEL, PatternCounts } from './patterns.js'

/** Pairs drawn from a known Fellegi–Sunter mixture: λ matches, field k agrees with m_k (match) or u_k. */
function mixture(seed: number, pairs: number, lambda: number, m: number[], u: number[], missing = 0.05) {
  const rng = new Prng(seed)
  const patterns = new PatternCounts(m.map(() => 2))
  const gamma = new Int8Array(m.length)
  for (let p = 0; p < pairs; p++) {
    const match = rng.chance(lambda)
    for (let k = 0; k < m.length; k++) {
      gamma[k] = rng.chance(missing) ? MISSING_LEVEL : rng.chance(match ? m[k]! : u[k]!) ? 1 : 0
    }
    patterns.add(gamma)
  }
  return patterns
}

const M = [0.95, 0.9, 0.8, 0.85, 0.7], U = [0.05, 0.01, 0.1, 0.02, 0.3], LAMBDA = 0.2
const agree = (rows: number[][]) => rows.map(r => r[1]!)

t.test('one iteration by hand: E then M step', async tt => {
  const patterns = new PatternCounts([2])
  patterns.add([1], 30); patterns.add([0], 10)
  // w(agree) = .5·.8 / (.5·.8 + .5·.2) = .8; w(disagree) = .5·.2 / (.5·.2 + .5·.8) = .2
  // λ' = (30·.8 + 10·.2) / 40 = .65; m'(agree) = 24 / 26
  const r = expectationMaximisation(patterns, { m: [twoLevels(0.8)], u: [twoLevels(0.2)], lambda: 0.5 }, { maxIterations: 1 })
  tt.equal(r.iterations, 1)
  tt.ok(Math.abs(r.lambda - 0.65) < 1e-12, `λ ${r.lambda}`)
  tt.ok(Math.abs(r.m[0]![1]! - 24 / 26) < 1e-12, `m ${r.m[0]![1]}`)
  tt.same(r.u, [twoLevels(0.2)], 'u stays fixed by default')
  tt.notOk(r.converged)
})

t.test('a missing level contributes to neither likelihood nor to that field\'s m', async tt => {
  const patterns = new PatternCounts([2, 2])
  patterns.add([1, MISSING_LEVEL], 5); patterns.add([0, 1], 5)
  const r = expectationMaximisation(patterns, { m: [twoLevels(0.9), twoLevels(0.9)], u: [twoLevels(0.1), twoLevels(0.1)], lambda: 0.5 }, { maxIterations: 1 })
  // Pattern 1: only field 0 counts: w = .9·.5/(.9·.5+.1·.5) = .9. Pattern 2: .1·.9/(.1·.9 + .9·.1) = .5.
  // Field 1 is observed only in pattern 2, where it agrees: m'(agree) = 1 (floored just below 1).
  tt.ok(Math.abs(r.lambda - (5 * 0.9 + 5 * 0.5) / 10) < 1e-12)
  tt.ok(Math.abs(r.m[0]![1]! - 4.5 / 7) < 1e-12)
  tt.ok(r.m[1]![1]! > 0.9999 && r.m[1]![1]! < 1)
})

t.test('u fixed (the platform\'s recipe): recovers m and λ of a known mixture', async tt => {
  const patterns = mixture(7, 50_000, LAMBDA, M, U)
  const r = expectationMaximisation(patterns, { m: M.map(() => twoLevels(0.6)), u: U.map(twoLevels), lambda: 0.5 })
  tt.ok(r.converged, `converged in ${r.iterations} iterations`)
  tt.ok(Math.abs(r.lambda - LAMBDA) < 0.01, `λ ${r.lambda}`)
  agree(r.m).forEach((m, k) => tt.ok(Math.abs(m - M[k]!) < 0.02, `m${k} ${m.toFixed(4)} vs ${M[k]}`))
  tt.ok(Math.abs(r.expectedMatches - LAMBDA * r.pairs) < 0.01 * r.pairs)
})

t.test('full EM (u estimated too, fastLink style): recovers m, u and λ', async tt => {
  const patterns = mixture(11, 50_000, LAMBDA, M, U)
  const r = expectationMaximisation(patterns, { m: M.map(() => twoLevels(0.8)), u: U.map(() => twoLevels(0.2)), lambda: 0.1 },
    { estimateU: true, maxIterations: 500 })
  tt.ok(r.converged, `converged in ${r.iterations} iterations`)
  tt.ok(Math.abs(r.lambda - LAMBDA) < 0.01, `λ ${r.lambda}`)
  agree(r.m).forEach((m, k) => tt.ok(Math.abs(m - M[k]!) < 0.03, `m${k} ${m.toFixed(4)} vs ${M[k]}`))
  agree(r.u).forEach((u, k) => tt.ok(Math.abs(u - U[k]!) < 0.02, `u${k} ${u.toFixed(4)} vs ${U[k]}`))
})

t.test('three levels per field are estimated like two', async tt => {
  const rng = new Prng(3)
  const patterns = new PatternCounts([3, 3, 3])
  const m3 = [0.1, 0.2, 0.7], u3 = [0.8, 0.15, 0.05]
  const draw = (p: number[]) => { const x = rng.next(); return x < p[0]! ? 0 : x < p[0]! + p[1]! ? 1 : 2 }
  for (let n = 0; n < 40_000; n++) {
    const match = rng.chance(0.3)
    patterns.add([0, 1, 2].map(() => draw(match ? m3 : u3)))
  }
  const r = expectationMaximisation(patterns, { m: [0, 1, 2].map(() => [0.2, 0.3, 0.5]), u: [0, 1, 2].map(() => u3), lambda: 0.5 })
  tt.ok(r.converged)
  for (const row of r.m) row.forEach((p, l) => tt.ok(Math.abs(p - m3[l]!) < 0.02, `level ${l}: ${p.toFixed(4)}`))
})

t.test('reproducible: the same patterns and start give the same estimate', async tt => {
  const start = { m: M.map(() => twoLevels(0.6)), u: U.map(twoLevels), lambda: 0.5 }
  tt.same(expectationMaximisation(mixture(5, 10_000, LAMBDA, M, U), start), expectationMaximisation(mixture(5, 10_000, LAMBDA, M, U), start))
})

t.test('no pairs: nothing estimated, not converged', async tt => {
  const r = expectationMaximisation(new PatternCounts([2]), { m: [twoLevels(0.9)], u: [twoLevels(0.1)], lambda: 0.1 })
  tt.equal(r.iterations, 0); tt.notOk(r.converged); tt.equal(r.pairs, 0)
})

t.test('bad input is refused', async tt => {
  tt.throws(() => new PatternCounts([]))
  tt.throws(() => new PatternCounts([1]))
  tt.throws(() => new PatternCounts([2]).add([2]))
  tt.throws(() => expectationMaximisation(new PatternCounts([2]), { m: [twoLevels(0.9)], u: [twoLevels(0.1)], lambda: 1 }))
  tt.throws(() => expectationMaximisation(new PatternCounts([2]), { m: [[1]], u: [twoLevels(0.1)], lambda: 0.5 }))
})
