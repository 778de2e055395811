import { portalConfig } from '../config/portal-config.js';
import { parseDocFileKey, slugOfRelPath } from '../lib/docs/content-paths.js';
import { buildSidebar, type CategoryMeta, type DocEntry, type VersionSidebar } from '../lib/docs/sidebar.js';

/** Front matter of every doc (server bundle only), used for sidebars, cards and version alternates. */
const frontMatters = import.meta.glob<Record<string, unknown>>('/content/docs/**/*.mdx', { eager: true, import: 'frontmatter' });
const categoryFiles = import.meta.glob<CategoryMeta>('/content/docs/**/_category_.json', { eager: true, import: 'default' });

function requireString(value: unknown, field: string, key: string): string {
  if (typeof value !== 'string' || value.trim() === '') throw new Error(`${key}: front matter "${field}" is required`);
  return value;
}

function entriesOf(versionName: string): DocEntry[] {
  return Object.entries(frontMatters).flatMap(([key, fm]) => {
    const ref = parseDocFileKey(key);
    if (!ref || ref.versionName !== versionName) return [];
    const data = fm ?? {};
    return [
      {
        relPath: ref.relPath,
        title: requireString(data.title, 'title', key),
        description: requireString(data.description, 'description', key),
        sidebarLabel: typeof data.sidebar_label === 'string' ? data.sidebar_label : undefined,
        sidebarPosition: typeof data.sidebar_position === 'number' ? data.sidebar_position : undefined,
      },
    ];
  });
}

function categoriesOf(versionName: string): Map<string, CategoryMeta> {
  const map = new Map<string, CategoryMeta>();
  for (const [key, meta] of Object.entries(categoryFiles)) {
    const ref = parseDocFileKey(key);
    if (ref?.versionName === versionName) map.set(ref.relPath.replace(/\/?_category_\.json$/, ''), meta);
  }
  return map;
}

interface VersionIndex {
  sidebar: VersionSidebar;
  slugs: Set<string>;
}

// Built once per process: content is compiled into the server build, so it cannot change at run time.
const indexes = new Map<string, VersionIndex>(
  portalConfig.versions.map((version) => {
    const docs = entriesOf(version.name);
    return [version.name, { sidebar: buildSidebar(version, docs, categoriesOf(version.name)), slugs: new Set(docs.map((d) => slugOfRelPath(d.relPath))) }];
  }),
);

export function versionIndex(versionName: string): VersionIndex {
  const index = indexes.get(versionName);
  if (!index) throw new Error(`Unknown docs version ${versionName}`);
  return index;
}

export function docFrontMatter(fileKey: string): Record<string, unknown> {
  return frontMatters[fileKey] ?? {};
}
