import { portalConfig, type DocsVersion } from '../config/portal-config.js';
import { findDocFileKey } from '../lib/docs/content-paths.js';
import { filterTOC, tocLevelsFor, treeifyTOC, type TocHeading, type TocTreeNode } from '../lib/docs/toc.js';
import { flattenSidebar, type GeneratedIndex, type SidebarItem } from '../lib/docs/sidebar.js';
import { docUrl, resolveDocPath } from '../lib/docs/versions.js';
import { docImporters, docModules } from './doc-modules.js';
import { docFrontMatter, versionIndex } from './docs-index.server.js';

export interface DocPageData {
  kind: 'doc' | 'category';
  pathname: string;
  version: DocsVersion;
  title: string;
  description: string;
  fileKey: string | null;
  hasOwnTitle: boolean;
  toc: TocTreeNode[];
  category: GeneratedIndex | null;
  sidebar: SidebarItem[];
  previous: { label: string; href: string } | null;
  next: { label: string; href: string } | null;
  /** per version name: the same doc there, or that version's landing page */
  alternates: Record<string, string>;
}

function alternatesFor(slug: string): Record<string, string> {
  return Object.fromEntries(
    portalConfig.versions.map((v) => {
      const index = versionIndex(v.name);
      const exists = index.slugs.has(slug) || index.sidebar.generatedIndexes.some((g) => g.href === docUrl(v, slug));
      return [v.name, docUrl(v, exists ? slug : '')];
    }),
  );
}

function tocOf(module: Record<string, unknown>, frontMatter: Record<string, unknown>): TocTreeNode[] {
  if (frontMatter.hide_table_of_contents === true) return [];
  const headings = (Array.isArray(module.toc) ? module.toc : []) as TocHeading[];
  const levels = tocLevelsFor(frontMatter, portalConfig.tableOfContents);
  return filterTOC({ toc: treeifyTOC(headings.filter((h) => h.level >= 2)), ...levels });
}

/** Everything a docs URL needs, or null when nothing lives there (the route answers 404). */
export async function loadDocPage(splat: string): Promise<DocPageData | null> {
  const { version, slug } = resolveDocPath(splat, portalConfig.versions, portalConfig.lastVersion);
  const pathname = docUrl(version, slug);
  const { sidebar } = versionIndex(version.name);
  const pages = flattenSidebar(sidebar.items);
  const position = pages.findIndex((p) => p.href === pathname);
  const common = {
    pathname,
    version,
    sidebar: sidebar.items,
    previous: position > 0 ? pages[position - 1]! : null,
    next: position >= 0 && position < pages.length - 1 ? pages[position + 1]! : null,
  };
  const fileKey = findDocFileKey(Object.keys(docImporters), version.name, slug);
  if (fileKey) {
    const module = await docModules.load(fileKey);
    const frontMatter = docFrontMatter(fileKey);
    const headings = (Array.isArray(module.toc) ? module.toc : []) as TocHeading[];
    return {
      ...common,
      kind: 'doc',
      title: String(frontMatter.title),
      description: String(frontMatter.description),
      fileKey,
      hasOwnTitle: headings.some((h) => h.level === 1),
      toc: tocOf(module, frontMatter),
      category: null,
      alternates: alternatesFor(slug),
    };
  }
  const category = sidebar.generatedIndexes.find((g) => g.href === pathname);
  if (!category) return null;
  return {
    ...common,
    kind: 'category',
    title: category.title,
    description: category.description,
    fileKey: null,
    hasOwnTitle: false,
    toc: [],
    category,
    alternates: alternatesFor(slug),
  };
}
