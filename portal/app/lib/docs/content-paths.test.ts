import t from 'tap';
import { docFileKey, findDocFileKey, parseDocFileKey, slugOfRelPath } from './content-paths.js';

t.test('file paths are URL slugs; index files stand for their folder', async (t) => {
  t.equal(slugOfRelPath('concepts/data-providers.mdx'), 'concepts/data-providers');
  t.equal(slugOfRelPath('guides/loading-data/loading-from-project/index.mdx'), 'guides/loading-data/loading-from-project');
  t.equal(slugOfRelPath('index.mdx'), '');
  t.equal(slugOfRelPath('reindex.mdx'), 'reindex');
});

t.test('glob keys split into version and path', async (t) => {
  t.same(parseDocFileKey('/content/docs/1.11.7/concepts/envelopes.mdx'), { versionName: '1.11.7', relPath: 'concepts/envelopes.mdx' });
  t.equal(parseDocFileKey('/content/blog/2025-01-01-x.mdx'), null);
  t.equal(docFileKey('current', 'index.mdx'), '/content/docs/current/index.mdx');
});

t.test('a slug finds <slug>.mdx, then <slug>/index.mdx', async (t) => {
  const keys = ['/content/docs/2.0.5/index.mdx', '/content/docs/2.0.5/a.mdx', '/content/docs/2.0.5/b/index.mdx', '/content/docs/current/a.mdx'];
  t.equal(findDocFileKey(keys, '2.0.5', ''), '/content/docs/2.0.5/index.mdx');
  t.equal(findDocFileKey(keys, '2.0.5', 'a'), '/content/docs/2.0.5/a.mdx');
  t.equal(findDocFileKey(keys, '2.0.5', 'b'), '/content/docs/2.0.5/b/index.mdx');
  t.equal(findDocFileKey(keys, 'current', 'b'), null);
});
