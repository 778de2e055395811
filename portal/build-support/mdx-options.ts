import path from 'node:path';
import type { Options } from '@mdx-js/rollup';
import remarkFrontmatter from 'remark-frontmatter';
import remarkMdxFrontmatter from 'remark-mdx-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import rehypeSlug from 'rehype-slug';
import rehypeKatex from 'rehype-katex';
import { portalConfig } from '../app/config/portal-config.js';
import remarkDocLinks from '../app/mdx/remark-doc-links.js';
import remarkReadingTimeExport from '../app/mdx/remark-reading-time-export.js';
import rehypeTocExport from '../app/mdx/rehype-toc-export.js';

/**
 * The MDX pipeline of every content file: front matter export, GFM, math rendered by KaTeX at build
 * time, Markdown links resolved per version (broken ones warn), heading ids + `toc`, `readingTime`.
 */
export function mdxOptions(portalRoot: string, docsRoot = path.join(portalRoot, 'content/docs')): Options {
  return {
    remarkPlugins: [
      remarkFrontmatter,
      [remarkMdxFrontmatter, { name: 'frontmatter' }],
      remarkGfm,
      remarkMath,
      [remarkReadingTimeExport, { locale: portalConfig.locales.defaultLocale, wordsPerMinute: portalConfig.blog.wordsPerMinute }],
      [remarkDocLinks, { docsRoot, versions: portalConfig.versions, projectRoot: portalRoot }],
    ],
    rehypePlugins: [rehypeSlug, rehypeTocExport, rehypeKatex],
  };
}
