/**
 * Site configuration as data (Docusaurus `options.ts` style). Validated against
 * `PortalConfigSchema` at server start (see `validate-config.server.ts`), so a bad edit fails fast.
 */
export type VersionBanner = 'unreleased' | 'unmaintained' | null;

export interface DocsVersion {
  /** folder name under content/docs and the value kept in localStorage */
  name: string;
  label: string;
  /** URL segment after /docs; '' for the latest version */
  path: string;
  banner: VersionBanner;
}

export interface PortalConfig {
  title: string;
  tagline: string;
  copyrightYear: number;
  providerName: string;
  baseUrl: string;
  locales: { defaultLocale: string; locales: string[]; labels: Record<string, string> };
  versions: DocsVersion[];
  lastVersion: string;
  docs: {
    sidebar: { hideable: boolean; autoCollapseCategories: boolean };
    versionPersistence: 'localStorage' | 'none';
  };
  tableOfContents: { minHeadingLevel: number; maxHeadingLevel: number };
  colorMode: { defaultMode: 'light' | 'dark'; disableSwitch: boolean; respectPrefersColorScheme: boolean };
  blog: { sidebarTitle: string; sidebarCount: number | 'ALL'; groupByYear: boolean; showReadingTime: boolean; wordsPerMinute: number };
  katex: { version: string; integrity: string };
}

export const portalConfig: PortalConfig = {
  title: 'Ligature',
  tagline: 'Accurate, secure, scalable record linkage',
  copyrightYear: 2025,
  providerName: 'Ligature',
  baseUrl: '/',
  locales: { defaultLocale: 'en', locales: ['en'], labels: { en: 'English' } },
  // Newest first, like Docusaurus versions.json with `current` on top.
  versions: [
    { name: 'current', label: 'Next', path: 'next', banner: 'unreleased' },
    { name: '2.0.5', label: '2.0.5', path: '', banner: null },
    { name: '1.11.7', label: '1.x', path: '1.11.7', banner: 'unmaintained' },
  ],
  lastVersion: '2.0.5',
  docs: {
    sidebar: { hideable: false, autoCollapseCategories: false },
    versionPersistence: 'localStorage',
  },
  tableOfContents: { minHeadingLevel: 2, maxHeadingLevel: 3 },
  colorMode: { defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: false },
  blog: { sidebarTitle: 'Recent posts', sidebarCount: 'ALL', groupByYear: true, showReadingTime: true, wordsPerMinute: 200 },
  // Must equal the katex that rehype-katex renders with; katex-stylesheet.test.ts recomputes the hash.
  katex: {
    version: '0.16.47',
    integrity: 'sha384-nH0MfJ44wi1dd7w6jinlyBgljjS8EJAh2JBoRad8a3VDw2K69vfaaqm4WnR+gXtA',
  },
};
