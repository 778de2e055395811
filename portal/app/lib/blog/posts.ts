/** Blog file naming (`content/blog/YYYY-MM-DD-slug.mdx`) and the year-grouped sidebar. */

export interface BlogPostSummary {
  slug: string;
  /** YYYY-MM-DD, a calendar date without a time zone */
  date: string;
  title: string;
  description: string;
  authors: string;
  tags: string[];
  readingTime: number;
}

const FILE_NAME = /(?:^|\/)(\d{4}-\d{2}-\d{2})-([a-z0-9][a-z0-9-]*)\.mdx$/;

export function parseBlogFileName(path: string): { date: string; slug: string } | null {
  const match = FILE_NAME.exec(path);
  return match ? { date: match[1]!, slug: match[2]! } : null;
}

/**
 * The year of a calendar date. Read from the string (equivalently UTC), never local time, so a post
 * dated 2024-01-01 stays in 2024 on a machine west of Greenwich.
 */
export function yearOf(date: string): string {
  return String(new Date(`${date.slice(0, 10)}T00:00:00Z`).getUTCFullYear());
}

/** Newest first; ties broken by slug so the order is stable. */
export function sortPosts<T extends Pick<BlogPostSummary, 'date' | 'slug'>>(posts: readonly T[]): T[] {
  return [...posts].sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));
}

/** Docusaurus `groupBlogSidebarItemsByYear`: `[year, posts][]`, years in descending order. */
export function groupPostsByYear<T extends Pick<BlogPostSummary, 'date' | 'slug'>>(posts: readonly T[]): [string, T[]][] {
  const groups = new Map<string, T[]>();
  for (const post of sortPosts(posts)) {
    const year = yearOf(post.date);
    const group = groups.get(year) ?? [];
    group.push(post);
    groups.set(year, group);
  }
  return [...groups.entries()];
}

/** Formats a calendar date the way the Docusaurus blog header does ("March 14, 2025"). */
export function formatPostDate(date: string, locale = 'en'): string {
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date.slice(0, 10)}T00:00:00Z`),
  );
}
