import t from 'tap';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DESKTOP_BREAKPOINT, windowSizeFor } from './breakpoint.js';

const stylesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../styles');

t.test('desktop if and only if innerWidth > 996', async (t) => {
  t.equal(DESKTOP_BREAKPOINT, 996);
  t.equal(windowSizeFor(996), 'mobile');
  t.equal(windowSizeFor(997), 'desktop');
});

t.test('every width media query in the CSS uses the same breakpoint as the JS', async (t) => {
  const css = readdirSync(stylesDir)
    .filter((f) => f.endsWith('.css'))
    .map((f) => readFileSync(path.join(stylesDir, f), 'utf8'))
    .join('\n');
  const queries = [...css.matchAll(/\((max|min)-width:\s*(\d+)px\)/g)].map((m) => [m[1], Number(m[2])]);
  t.ok(queries.length >= 2, 'the stylesheet has mobile and desktop queries');
  for (const [kind, px] of queries) t.equal(px, kind === 'max' ? DESKTOP_BREAKPOINT : DESKTOP_BREAKPOINT + 1, `${kind}-width: ${px}px`);
});
