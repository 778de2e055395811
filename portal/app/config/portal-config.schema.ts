import { Type, type Static } from '@sinclair/typebox';

const HeadingLevel = Type.Integer({ minimum: 2, maximum: 6 });

export const DocsVersionSchema = Type.Object({
  name: Type.String({ minLength: 1 }),
  label: Type.String({ minLength: 1 }),
  path: Type.String({ pattern: '^[a-z0-9.\\-]*$' }),
  banner: Type.Union([Type.Literal('unreleased'), Type.Literal('unmaintained'), Type.Null()]),
});

export const PortalConfigSchema = Type.Object({
  title: Type.String({ minLength: 1 }),
  tagline: Type.String({ minLength: 1 }),
  copyrightYear: Type.Integer({ minimum: 2000 }),
  providerName: Type.String({ minLength: 1 }),
  baseUrl: Type.Literal('/'),
  locales: Type.Object({
    defaultLocale: Type.String(),
    locales: Type.Array(Type.String(), { minItems: 1 }),
    labels: Type.Record(Type.String(), Type.String()),
  }),
  versions: Type.Array(DocsVersionSchema, { minItems: 1 }),
  lastVersion: Type.String(),
  docs: Type.Object({
    sidebar: Type.Object({
      // Decision 2: the sidebar can never be hidden and categories never auto-collapse.
      hideable: Type.Literal(false),
      autoCollapseCategories: Type.Literal(false),
    }),
    versionPersistence: Type.Union([Type.Literal('localStorage'), Type.Literal('none')]),
  }),
  tableOfContents: Type.Object({ minHeadingLevel: HeadingLevel, maxHeadingLevel: HeadingLevel }),
  colorMode: Type.Object({
    defaultMode: Type.Union([Type.Literal('light'), Type.Literal('dark')]),
    disableSwitch: Type.Boolean(),
    respectPrefersColorScheme: Type.Boolean(),
  }),
  blog: Type.Object({
    sidebarTitle: Type.String(),
    sidebarCount: Type.Union([Type.Integer({ minimum: 0 }), Type.Literal('ALL')]),
    groupByYear: Type.Boolean(),
    showReadingTime: Type.Boolean(),
    wordsPerMinute: Type.Integer({ minimum: 1 }),
  }),
  katex: Type.Object({
    version: Type.String({ pattern: '^\\d+\\.\\d+\\.\\d+$' }),
    integrity: Type.String({ pattern: '^sha384-[A-Za-z0-9+/=]{64}$' }),
  }),
});

export type PortalConfigData = Static<typeof PortalConfigSchema>;
