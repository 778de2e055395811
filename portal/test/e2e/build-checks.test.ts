import t from 'tap';
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import mdx from '@mdx-js/rollup';
import { mdxOptions } from '../../build-support/mdx-options.js';
import { buildDir, portalRoot } from './helpers/portal-server.js';

const run = promisify(execFile);

t.test('the build ends with the link checker, so a broken link fails it', async (t) => {
  const scripts = (JSON.parse(readFileSync(path.join(portalRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  t.match(scripts.build, /&& npm run check-links$/);
  t.equal(scripts['check-links'], 'node --import tsx scripts/check-links.ts');
});

t.test('a temp copy of the build with a planted broken link fails the check with the Docusaurus report', async (t) => {
  // Inside the portal so the copied server build still resolves node_modules; removed afterwards.
  const copy = mkdtempSync(path.join(portalRoot, 'test/.tmp-broken-link-build-'));
  t.teardown(() => rmSync(copy, { recursive: true, force: true }));
  cpSync(buildDir, copy, { recursive: true });
  // Plant it: every link to the API reference now points at a page that does not exist.
  const serverFile = path.join(copy, 'server/index.js');
  const source = readFileSync(serverFile, 'utf8');
  t.ok(source.includes('to: "/api/"'), 'the navbar links to /api/');
  writeFileSync(serverFile, source.replaceAll('to: "/api/"', 'to: "/api-gone/"'));
  const failure = await run(process.execPath, ['--import', 'tsx', 'scripts/check-links.ts', copy], { cwd: portalRoot }).then(
    () => null,
    (error: { code: number; stderr: string }) => error,
  );
  t.equal(failure?.code, 1, 'non-zero exit fails `npm run build`');
  t.match(failure?.stderr ?? '', /^Docusaurus found broken links!\n/);
  t.match(failure?.stderr ?? '', /- Broken link on source page path = \/:\n( {3}-> linking to [^\n]+\n)* {3}-> linking to \/api-gone\//);
});

t.test('a broken Markdown link in content only warns during the MDX build step', async (t) => {
  const docsRoot = path.join(portalRoot, 'test/fixtures/docs');
  const plugin = mdx(mdxOptions(portalRoot, docsRoot)) as { transform: (code: string, id: string) => Promise<{ code: string } | undefined> };
  const file = path.join(docsRoot, '2.0.5/guides/loading.mdx');
  const warnings: string[] = [];
  const original = console.warn;
  console.warn = (message: string) => void warnings.push(message);
  t.teardown(() => {
    console.warn = original;
  });
  const result = await plugin.transform(readFileSync(file, 'utf8'), file);
  t.ok(result?.code.includes('export default function MDXContent'), 'the page still compiles');
  t.match(warnings[0], /^\[WARNING\] Markdown link with URL `\.\/missing\.mdx` in source file "test\/fixtures\/docs\/2\.0\.5\/guides\/loading\.mdx" \(8:22\) couldn't be resolved\./);
  t.match(result?.code ?? '', '"/docs/concepts/envelopes#fields"');
});

t.test('Remix and Stoplight Elements share one react-router-dom (else Elements mounts a second router)', async (t) => {
  const { createRequire } = await import('node:module');
  const { realpathSync } = await import('node:fs');
  const routerFrom = (pkg: string) => {
    const require = createRequire(createRequire(path.join(portalRoot, 'package.json')).resolve(pkg));
    return realpathSync(require.resolve('react-router-dom'));
  };
  const copies = new Set(['@remix-run/react', '@stoplight/elements', '@stoplight/elements-core'].map(routerFrom));
  t.equal(copies.size, 1, [...copies].join(', '));
});
