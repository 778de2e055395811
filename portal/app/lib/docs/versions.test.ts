import t from 'tap';
import { portalConfig } from '../../config/portal-config.js';
import { docUrl, resolveDocPath, versionOfPathname } from './versions.js';

const { versions, lastVersion } = portalConfig;
const resolve = (splat: string) => {
  const r = resolveDocPath(splat, versions, lastVersion);
  return { name: r.version.name, label: r.version.label, banner: r.version.banner, slug: r.slug };
};

t.test('unversioned paths resolve in the latest version (2.0.5)', async (t) => {
  t.same(resolve('intro'), { name: '2.0.5', label: '2.0.5', banner: null, slug: 'intro' });
  t.same(resolve(''), { name: '2.0.5', label: '2.0.5', banner: null, slug: '' });
  t.same(resolve('concepts/envelopes/'), { name: '2.0.5', label: '2.0.5', banner: null, slug: 'concepts/envelopes' });
});

t.test('next and 1.11.7 are selected by their exact first segment', async (t) => {
  t.same(resolve('next/intro'), { name: 'current', label: 'Next', banner: 'unreleased', slug: 'intro' });
  t.same(resolve('next'), { name: 'current', label: 'Next', banner: 'unreleased', slug: '' });
  t.same(resolve('1.11.7/intro'), { name: '1.11.7', label: '1.x', banner: 'unmaintained', slug: 'intro' });
  // Only an exact match selects a version: these are slugs of the latest version.
  t.equal(resolve('nextsteps/intro').name, '2.0.5');
  t.equal(resolve('1.11/intro').name, '2.0.5');
});

t.test('docUrl builds the public URL of a slug', async (t) => {
  t.equal(docUrl({ path: '' }, ''), '/docs');
  t.equal(docUrl({ path: '' }, 'overview'), '/docs/overview');
  t.equal(docUrl({ path: 'next' }, '/category/concepts'), '/docs/next/category/concepts');
  t.equal(docUrl({ path: '1.11.7' }, ''), '/docs/1.11.7');
});

t.test('versionOfPathname only answers for /docs paths', async (t) => {
  t.equal(versionOfPathname('/blog', versions, lastVersion), null);
  t.equal(versionOfPathname('/docsearch', versions, lastVersion), null);
  t.equal(versionOfPathname('/docs/', versions, lastVersion)?.version.name, '2.0.5');
  t.equal(versionOfPathname('/docs/1.11.7/overview', versions, lastVersion)?.version.name, '1.11.7');
});

t.test('an unknown lastVersion is a configuration error', async (t) => {
  t.throws(() => resolveDocPath('x', versions, '9.9.9'), /lastVersion 9.9.9/);
});
