import t from 'tap'
import { unstorableTextAt, jsonDepthExceeds } from './json-depth.js'

t.test('counts nesting of arrays and objects, not brackets inside strings', async (t) => {
  t.notOk(jsonDepthExceeds('{"a":[{"b":1}]}', 3))
  t.ok(jsonDepthExceeds('{"a":[{"b":[1]}]}', 3))
  t.notOk(jsonDepthExceeds('{"a":"[[[[[[{{{{{"}', 1))
  t.notOk(jsonDepthExceeds('{"a":"\\"[[[["}', 1), 'an escaped quote does not end the string')
  t.ok(jsonDepthExceeds('['.repeat(100_000), 32), 'unclosed nesting')
  t.notOk(jsonDepthExceeds('[1],[2],[3]', 1), 'siblings do not add up')
})

t.test('NUL and lone surrogates anywhere in a parsed body are found by path', async (t) => {
  t.equal(unstorableTextAt({ a: [{ b: 'x\u0000' }] }), '/a/0/b')
  t.equal(unstorableTextAt({ a: ['x', '\ud800'] }), '/a/1')
  t.equal(unstorableTextAt({ ['\udfff']: 1 }), '/')
  t.equal(unstorableTextAt('\u0000'), '/')
  t.equal(unstorableTextAt({ a: '😀', b: [1, null, true, 'é'] }), null)
})
