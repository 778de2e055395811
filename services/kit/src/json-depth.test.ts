import t from 'tap'
import { hasLoneSurrogate, jsonDepthExceeds } from './json-depth.js'

t.test('counts nesting of arrays and objects, not brackets inside strings', async (t) => {
  t.notOk(jsonDepthExceeds('{"a":[{"b":1}]}', 3))
  t.ok(jsonDepthExceeds('{"a":[{"b":[1]}]}', 3))
  t.notOk(jsonDepthExceeds('{"a":"[[[[[[{{{{{"}', 1))
  t.notOk(jsonDepthExceeds('{"a":"\\"[[[["}', 1), 'an escaped quote does not end the string')
  t.ok(jsonDepthExceeds('['.repeat(100_000), 32), 'unclosed nesting')
  t.notOk(jsonDepthExceeds('[1],[2],[3]', 1), 'siblings do not add up')
})

t.test('lone surrogates anywhere in a parsed body are found', async (t) => {
  t.ok(hasLoneSurrogate({ a: ['x', '\ud800'] }))
  t.ok(hasLoneSurrogate({ ['\udfff']: 1 }))
  t.notOk(hasLoneSurrogate({ a: '😀', b: [1, null, true, 'é'] }))
})
