import fc from 'fast-check'

/**
 * Path segment values as a careless or hostile client sends them, already percent-encoded as they go on the
 * wire: encoded separators and dot segments, NUL, malformed and overlong escapes, invalid UTF-8, numbers
 * past every column range, and sheer length.
 */
export const hostileSegment = fc.constantFrom(
  '%2e%2e%2f%2e%2e', '%2e%2e', '..%2f..%2fhealthz', '%2E%2E%5C', '%2f', '%5c', 'a%2fb', '.', '%2e',
  '%00', 'a%00b', '%0a', '%7f', '%', '%zz', 'a%2', '%e0%80', '%ED%A0%80', '%C0%AF', '%ff%fe',
  '0', '-1', '1.5', '1e3', '2147483647', '2147483648', '3000000000', '9223372036854775808', '9'.repeat(40),
  'x'.repeat(4000), '%F0%9F%98%80', '%20', 'null', '%27%20OR%201%3D1--', '%3Cscript%3E',
)

/** Query strings: wrong types, out-of-range numbers, duplicated and bracketed keys, bad escapes. */
export const hostileQuery = fc.constantFrom(
  'limit=abc', 'limit=1e309', 'limit=-1', 'limit=0', 'limit=2147483648', 'offset=99999999999999999999', 'offset=-5',
  'limit=1&limit=2', 'limit[]=1', 'limit[a]=1', 'unknown=1', 'limit=%', 'limit=%zz', 'limit=%00', 'offset=%ff',
  'byCode=maybe', 'byCode=%00', `q=${'x'.repeat(20_000)}`, '&&&', '=', 'limit', 'a%00b=1', 'offset=1.5',
)

/** Values of any JSON type that land where a schema wants another: NUL, lone surrogates, range edges. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom('', '\u0000', 'a\u0000b', '\ud800', '\udfff', 'x'.repeat(70_000), '../..', '%2e%2e', '😀'.repeat(300),
    2147483648, -2147483649, 2 ** 53, 1e308, -1e308, 0.1, -0, 1.5, true, false, null, [], {}, [[[[[]]]]], { a: { b: { c: {} } } }),
  fc.jsonValue({ maxDepth: 3 }),
)

const utf8 = (s: string) => Buffer.from(s, 'utf8')
const nested = (depth: number) => utf8(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`)

/** Whole request bodies that are not a single well-formed JSON document of reasonable size. */
export const hostileRawBody = fc.constantFrom<{ label: string; body: Buffer; contentType?: string }>(
  { label: 'empty json', body: Buffer.alloc(0) },
  { label: 'truncated json', body: utf8('{"code": "A",') },
  { label: 'not json', body: utf8('code=A&name=B') },
  { label: 'deep array', body: utf8('['.repeat(20_000) + ']'.repeat(20_000)) },
  { label: 'deep object', body: nested(5_000) },
  { label: 'unclosed nesting', body: utf8('['.repeat(100_000)) },
  { label: 'duplicated keys', body: utf8('{"code":"A","code":{"x":1},"name":"n","name":null}') },
  { label: 'invalid utf-8', body: Buffer.concat([utf8('{"code":"'), Buffer.from([0xff, 0xfe, 0xc0, 0xaf, 0xed, 0xa0, 0x80]), utf8('"}')]) },
  { label: 'nul bytes', body: utf8('{"code":"A\\u0000B","name":"\u0000"}') },
  { label: 'huge number', body: utf8(`{"id":${'9'.repeat(500)},"limit":1e999}`) },
  { label: 'json 2 MiB', body: utf8(JSON.stringify({ code: 'x'.repeat(2 * 1024 * 1024) })) },
  { label: 'json 6 MiB', body: utf8(JSON.stringify({ code: 'x'.repeat(6 * 1024 * 1024) })) },
  { label: 'bom', body: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8('{}')]) },
  { label: 'proto pollution', body: utf8('{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}') },
  { label: 'text/plain', body: utf8('{}'), contentType: 'text/plain' },
  { label: 'form', body: utf8('a=1&a=2'), contentType: 'application/x-www-form-urlencoded' },
  { label: 'latin1 json', body: Buffer.from('{"name":"caf\xe9"}', 'latin1'), contentType: 'application/json; charset=latin1' },
  { label: 'bogus multipart', body: utf8('--x\r\nContent-Disposition: form-data; name="file"; filename="../../a.zip"\r\n\r\nPK\r\n'), contentType: 'multipart/form-data; boundary=x' },
  { label: 'multipart no boundary', body: utf8('hello'), contentType: 'multipart/form-data' },
)
