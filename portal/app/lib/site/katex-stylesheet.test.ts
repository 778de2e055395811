import t from 'tap';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { portalConfig } from '../../config/portal-config.js';
import { katexStylesheet } from './katex-stylesheet.js';

const require = createRequire(import.meta.url);
// The katex that rehype-katex renders with, resolved from rehype-katex itself.
const katexMain = createRequire(require.resolve('rehype-katex')).resolve('katex');
const katexDir = katexMain.slice(0, katexMain.lastIndexOf(`${path.sep}dist${path.sep}`));
const katexPackage = path.join(katexDir, 'package.json');

t.test('the CDN stylesheet matches the installed KaTeX version and file', async (t) => {
  const version = (JSON.parse(readFileSync(katexPackage, 'utf8')) as { version: string }).version;
  t.equal(portalConfig.katex.version, version, 'config version = the katex rehype-katex uses');
  const css = readFileSync(path.join(katexDir, 'dist/katex.min.css'));
  const integrity = `sha384-${createHash('sha384').update(css).digest('base64')}`;
  t.equal(portalConfig.katex.integrity, integrity, 'SRI hash recomputed from node_modules');
});

t.test('the link tag carries href, integrity and anonymous CORS', async (t) => {
  t.same(katexStylesheet({ version: '0.16.47', integrity: 'sha384-abc' }), {
    rel: 'stylesheet',
    href: 'https://cdn.jsdelivr.net/npm/katex@0.16.47/dist/katex.min.css',
    integrity: 'sha384-abc',
    crossOrigin: 'anonymous',
  });
});
