import t, { type Test } from 'tap'
import { jaro, jaroWinkler } from './jaro-winkler.js'

const close = (tt: Test, got: number, want: number, msg: string) =>
  tt.ok(Math.abs(got - want) < 5e-5, `${msg}: ${got.toFixed(5)} ≈ ${want}`)

t.test('reference pairs (Winkler 1990 / Wikipedia)', async tt => {
  close(tt, jaroWinkler('MARTHA', 'MARHTA'), 0.9611, 'MARTHA/MARHTA')
  close(tt, jaroWinkler('DWAYNE', 'DUANE'), 0.84, 'DWAYNE/DUANE')
  close(tt, jaroWinkler('DIXON', 'DICKSONX'), 0.8133, 'DIXON/DICKSONX')
  close(tt, jaro('MARTHA', 'MARHTA'), 0.9444, 'jaro MARTHA/MARHTA')
  close(tt, jaro('CRATE', 'TRACE'), 0.7333, 'jaro CRATE/TRACE')
})

t.test('edge cases', async tt => {
  tt.equal(jaroWinkler('', ''), 1)
  tt.equal(jaroWinkler('abc', ''), 0)
  tt.equal(jaroWinkler('abc', 'xyz'), 0)
  tt.equal(jaroWinkler('same', 'same'), 1)
  tt.equal(jaroWinkler('MARTHA', 'MARHTA'), jaroWinkler('MARHTA', 'MARTHA'), 'symmetric')
})

t.test('prefix scale and cap of four characters', async tt => {
  const j = jaro('abcdefgh', 'abcdefxy')
  close(tt, jaroWinkler('abcdefgh', 'abcdefxy', 0.2), j + 4 * 0.2 * (1 - j), 'prefix capped at 4')
  close(tt, jaroWinkler('MARTHA', 'MARHTA', 0), jaro('MARTHA', 'MARHTA'), 'scale 0 = jaro')
})

t.test('long strings reuse scratch buffers correctly', async tt => {
  const a = 'x'.repeat(200) + 'abc'
  tt.equal(jaroWinkler(a, a + 'z') > 0.99, true)
  close(tt, jaroWinkler('MARTHA', 'MARHTA'), 0.9611, 'short after long')
})
