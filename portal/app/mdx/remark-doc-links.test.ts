import t from 'tap';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compile } from '@mdx-js/mdx';
import remarkFrontmatter from 'remark-frontmatter';
import { portalConfig } from '../config/portal-config.js';
import remarkDocLinks, { brokenMarkdownLinkMessage } from './remark-doc-links.js';

const portalRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const docsRoot = path.join(portalRoot, 'test/fixtures/docs');

async function compileFixture(relPath: string) {
  const warnings: string[] = [];
  const file = path.join(docsRoot, relPath);
  const output = await compile(
    { path: file, value: readFileSync(file, 'utf8') },
    { remarkPlugins: [remarkFrontmatter, [remarkDocLinks, { docsRoot, versions: portalConfig.versions, projectRoot: portalRoot, warn: (m: string) => warnings.push(m) }]] },
  );
  return { code: String(output), warnings };
}

t.test('relative .mdx links become URLs of the same version', async (t) => {
  const { code } = await compileFixture('2.0.5/guides/loading.mdx');
  t.match(code, '"/docs/concepts/envelopes#fields"');
  t.match(code, '"/api/"', 'absolute links are left for the post-build checker');
  t.match(code, '"https://example.org/a.mdx"', 'external links are untouched');
  const next = await compileFixture('current/guides/linking.mdx');
  t.match(next.code, '"/docs/next/guides/loading"');
  t.same(next.warnings, []);
});

t.test('an unresolvable Markdown link only warns, with file and position', async (t) => {
  const { code, warnings } = await compileFixture('2.0.5/guides/loading.mdx');
  t.equal(warnings.length, 2, 'the missing file and the link into another version');
  t.equal(warnings[0], brokenMarkdownLinkMessage('./missing.mdx', 'test/fixtures/docs/2.0.5/guides/loading.mdx', 8, 22));
  t.match(warnings[0]!, /^\[WARNING\] Markdown link with URL `\.\/missing\.mdx` in source file "test\/fixtures\/docs\/2\.0\.5\/guides\/loading\.mdx" \(8:22\) couldn't be resolved\./);
  t.match(warnings[1]!, /`\.\.\/\.\.\/1\.11\.7\/index\.mdx`.*\(10:30\)/);
  t.match(code, '"./missing.mdx"', 'the broken link is left as written and the compile succeeds');
});

t.test('without a warn option the plugin reports through console.warn', async (t) => {
  const logged: unknown[] = [];
  const original = console.warn;
  console.warn = (...args: unknown[]) => void logged.push(args.join(' '));
  t.teardown(() => {
    console.warn = original;
  });
  const file = path.join(docsRoot, '2.0.5/guides/loading.mdx');
  await compile({ path: file, value: readFileSync(file, 'utf8') }, { remarkPlugins: [remarkFrontmatter, [remarkDocLinks, { docsRoot, versions: portalConfig.versions, projectRoot: portalRoot }]] });
  t.equal(logged.length, 2);
});
