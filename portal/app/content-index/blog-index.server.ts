import { portalConfig } from '../config/portal-config.js';
import { parseBlogFileName, sortPosts, type BlogPostSummary } from '../lib/blog/posts.js';

const frontMatters = import.meta.glob<Record<string, unknown>>('/content/blog/*.mdx', { eager: true, import: 'frontmatter' });
// Computed at compile time by remark-reading-time-export.
const readingTimes = import.meta.glob<number>('/content/blog/*.mdx', { eager: true, import: 'readingTime' });

export interface BlogPostRecord extends BlogPostSummary {
  fileKey: string;
}

function toRecord(fileKey: string, fm: Record<string, unknown>): BlogPostRecord {
  const fromName = parseBlogFileName(fileKey);
  if (!fromName) throw new Error(`${fileKey}: blog files are named YYYY-MM-DD-slug.mdx`);
  if (typeof fm.title !== 'string' || typeof fm.description !== 'string') throw new Error(`${fileKey}: title and description are required`);
  const date = typeof fm.date === 'string' ? fm.date : fm.date instanceof Date ? fm.date.toISOString().slice(0, 10) : fromName.date;
  return {
    fileKey,
    slug: fromName.slug,
    date,
    title: fm.title,
    description: fm.description,
    authors: typeof fm.authors === 'string' ? fm.authors : Array.isArray(fm.authors) ? fm.authors.join(', ') : '',
    tags: Array.isArray(fm.tags) ? fm.tags.map(String) : [],
    readingTime: readingTimes[fileKey] ?? 0,
  };
}

/** All posts, newest first; computed once because content is fixed in the server build. */
export const blogPosts: BlogPostRecord[] = sortPosts(Object.entries(frontMatters).map(([key, fm]) => toRecord(key, fm ?? {})));

export function blogSidebarPosts(): BlogPostSummary[] {
  const { sidebarCount } = portalConfig.blog;
  const posts = sidebarCount === 'ALL' ? blogPosts : blogPosts.slice(0, sidebarCount);
  return posts.map(({ fileKey: _fileKey, ...summary }) => summary);
}
