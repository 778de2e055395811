import t from 'tap'
import { thousandths } from './thousandths.js'

const reference = (w: number) => String(Math.round(w * 1000) / 1000)

t.test('writes what String(Math.round(w * 1000) / 1000) writes', async (t) => {
  const fixed = [0, -0, 0.0004, -0.0004, 0.0005, -0.0005, 0.001, -0.001, 0.01, 0.1, 1, -1, 7.41, -2.73, 10.05, 123.456, -99.999, 1e-9,
    999.9995, 1e6 + 0.25, 2.5e11, -13.2875, Number.EPSILON, 4503599627370.495]
  for (const w of fixed) t.equal(thousandths(w), reference(w), `w = ${w}`)
  let seed = 7
  const random = () => { seed = (seed * 1103515245 + 12345) >>> 0; return seed / 2 ** 32 }
  let mismatches = 0
  for (let k = 0; k < 200_000; k++) {
    const scale = [1, 10, 100, 1e4, 1e9][k % 5]!
    const w = (random() - 0.5) * 2 * scale
    if (thousandths(w) !== reference(w)) mismatches++
  }
  t.equal(mismatches, 0, 'random weights across magnitudes')
})

t.test('non-finite and huge values take the general path', async (t) => {
  for (const w of [Infinity, -Infinity, NaN, 1e20, -3e300]) t.equal(thousandths(w), reference(w), `w = ${w}`)
})
