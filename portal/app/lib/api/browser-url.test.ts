import t from 'tap';
import * as nodeUrl from 'node:url';
import { format, parse, resolve } from './browser-url.js';

t.test('resolve agrees with Node for the $ref shapes Elements uses', async (t) => {
  const cases: [string, string][] = [
    ['', '#/components/schemas/Project'],
    ['#/paths/~1projects', '#/components/schemas/Error'],
    ['http://localhost/openapi.json', '#/components/schemas/Error'],
    ['http://localhost/a/openapi.json', '../b.json#/x'],
    ['/a/b.json', 'c.json'],
    ['a/b.json', 'c.json#/y'],
  ];
  for (const [from, to] of cases) t.equal(resolve(from, to), nodeUrl.resolve(from, to), `${from} + ${to}`);
});

t.test('parse and format round-trip absolute and relative URLs', async (t) => {
  const abs = parse('https://user:pw@example.org:8443/p/q?x=1#h');
  t.same([abs.protocol, abs.auth, abs.host, abs.pathname, abs.search, abs.hash], ['https:', 'user:pw', 'example.org:8443', '/p/q', '?x=1', '#h']);
  t.equal(format({ ...abs, auth: '' }), 'https://example.org:8443/p/q?x=1#h');
  const rel = parse('schemas.json#/Project');
  t.same([rel.protocol, rel.pathname, rel.hash], [null, 'schemas.json', '#/Project']);
  t.equal(format(rel), 'schemas.json#/Project');
});
