import type { HeadersFunction, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { portalConfig } from '../config/portal-config.js';
import { translate } from '../i18n/strings.js';
import { blogPosts, blogSidebarPosts } from '../content-index/blog-index.server.js';
import { BlogSidebar } from '../components/blog/BlogSidebar.js';
import { BlogPostHeader } from '../components/blog/BlogPostHeader.js';
import { DocLink } from '../components/DocLink.js';
import { RouteErrorBoundary } from '../components/errors/RouteErrorBoundary.js';

export function loader() {
  return { posts: blogPosts.map(({ fileKey: _fileKey, ...post }) => post), sidebar: blogSidebarPosts() };
}

export const meta: MetaFunction = () => [
  { title: `${translate('theme.blog.title')} | ${portalConfig.title}` },
  { name: 'description', content: translate('theme.blog.description') },
];

export const headers: HeadersFunction = () => ({ 'Cache-Control': 'public, max-age=300' });

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

export default function BlogList() {
  const { posts, sidebar } = useLoaderData<typeof loader>();
  return (
    <div className="container blog-layout">
      <BlogSidebar posts={sidebar} />
      <main className="blog-main">
        <h1 className="visually-hidden">{translate('theme.blog.title')}</h1>
        {posts.map((post) => (
          <article key={post.slug} className="blog-post-item">
            <BlogPostHeader post={post} asLink />
            <p>{post.description}</p>
            <DocLink to={`/blog/${post.slug}`} aria-label={`${translate('theme.blog.post.readMore')}: ${post.title}`}>
              <b>{translate('theme.blog.post.readMore')}</b>
            </DocLink>
          </article>
        ))}
      </main>
    </div>
  );
}
