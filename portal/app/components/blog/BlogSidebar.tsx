import { portalConfig } from '../../config/portal-config.js';
import { translate } from '../../i18n/strings.js';
import { groupPostsByYear, type BlogPostSummary } from '../../lib/blog/posts.js';
import { DocLink } from '../DocLink.js';

/** "Recent posts", grouped under year headings, newest year first (themeConfig.blog.sidebar.groupByYear). */
export function BlogSidebar({ posts, activeSlug }: { posts: readonly BlogPostSummary[]; activeSlug?: string }) {
  const groups = portalConfig.blog.groupByYear ? groupPostsByYear(posts) : [['', [...posts]] as [string, BlogPostSummary[]]];
  return (
    <aside className="blog-sidebar">
      <nav aria-label={translate('theme.blog.sidebar.navAriaLabel')}>
        <div className="blog-sidebar__title">{portalConfig.blog.sidebarTitle}</div>
        {groups.map(([year, yearPosts]) => (
          <div key={year || 'all'} className="blog-sidebar__year-group">
            {year && <h3 className="blog-sidebar__year">{year}</h3>}
            <ul className="blog-sidebar__list">
              {yearPosts.map((post) => (
                <li key={post.slug}>
                  <DocLink to={`/blog/${post.slug}`} className={post.slug === activeSlug ? 'blog-sidebar__link--active' : undefined}>
                    {post.title}
                  </DocLink>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>
    </aside>
  );
}
