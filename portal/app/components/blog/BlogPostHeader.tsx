import { portalConfig } from '../../config/portal-config.js';
import { translate, translatePlural } from '../../i18n/strings.js';
import { displayedMinutes } from '../../lib/blog/reading-time.js';
import { formatPostDate, type BlogPostSummary } from '../../lib/blog/posts.js';
import { DocLink } from '../DocLink.js';

/** Title, date · reading time, authors and tags, as in Docusaurus `BlogPostItem/Header`. */
export function BlogPostHeader({ post, asLink }: { post: BlogPostSummary; asLink: boolean }) {
  const minutes = displayedMinutes(post.readingTime);
  const title = asLink ? <DocLink to={`/blog/${post.slug}`}>{post.title}</DocLink> : post.title;
  return (
    <header className="blog-post-header">
      {asLink ? <h2>{title}</h2> : <h1>{title}</h1>}
      <div className="blog-post-header__meta">
        <time dateTime={post.date}>{formatPostDate(post.date, portalConfig.locales.defaultLocale)}</time>
        {portalConfig.blog.showReadingTime && (
          <>
            {' · '}
            <span className="blog-post-header__reading-time">
              {translatePlural('theme.blog.post.readingTime.plurals', minutes, { readingTime: minutes })}
            </span>
          </>
        )}
      </div>
      {post.authors && <div className="blog-post-header__authors">{post.authors}</div>}
      {post.tags.length > 0 && (
        <div className="blog-post-header__tags">
          {translate('theme.tags.tagsListLabel')}{' '}
          {post.tags.map((tag) => (
            <span key={tag} className="tag">
              {tag}
            </span>
          ))}
        </div>
      )}
    </header>
  );
}
