import t from 'tap';
import { portalConfig, type PortalConfig } from './portal-config.js';
import { assertValidConfig, configProblems } from './validate-config.js';

const withChanges = (change: (c: PortalConfig) => void): PortalConfig => {
  const copy = structuredClone(portalConfig);
  change(copy);
  return copy;
};

t.test('the shipped config is valid and carries the spec values', async (t) => {
  t.same(configProblems(portalConfig), []);
  t.equal(assertValidConfig(portalConfig), portalConfig);
  t.equal(portalConfig.tagline, 'Accurate, secure, scalable record linkage');
  t.equal(portalConfig.copyrightYear, 2025);
  t.same(portalConfig.locales.locales, ['en']);
  t.same(portalConfig.colorMode, { defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: false });
  t.same(portalConfig.tableOfContents, { minHeadingLevel: 2, maxHeadingLevel: 3 });
  t.same(portalConfig.versions.map((v) => [v.name, v.label, v.path]), [['current', 'Next', 'next'], ['2.0.5', '2.0.5', ''], ['1.11.7', '1.x', '1.11.7']]);
});

t.test('invalid configs fail fast with readable problems', async (t) => {
  t.match(configProblems(withChanges((c) => (c.docs.sidebar.hideable = true as false))).join('\n'), /\/docs\/sidebar\/hideable/);
  t.match(configProblems(withChanges((c) => (c.tableOfContents.maxHeadingLevel = 7))).join('\n'), /maxHeadingLevel/);
  t.match(configProblems(withChanges((c) => (c.tableOfContents = { minHeadingLevel: 4, maxHeadingLevel: 3 }))).join('\n'), /minHeadingLevel must be <= maxHeadingLevel/);
  t.match(configProblems(withChanges((c) => (c.lastVersion = '9.9.9'))).join('\n'), /unknown version 9.9.9/);
  t.match(configProblems(withChanges((c) => (c.versions[2]!.path = 'next'))).join('\n'), /unique/);
  t.throws(() => assertValidConfig(withChanges((c) => (c.katex.integrity = 'md5-x'))), /Invalid portal config/);
});
