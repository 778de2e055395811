import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData, type ClientLoaderFunctionArgs } from '@remix-run/react';
import { portalConfig } from '../config/portal-config.js';
import { errorMeta } from '../lib/site/error-meta.js';
import { blogPosts, blogSidebarPosts } from '../content-index/blog-index.server.js';
import { blogModules } from '../content-index/blog-modules.js';
import { BlogSidebar } from '../components/blog/BlogSidebar.js';
import { BlogPostHeader } from '../components/blog/BlogPostHeader.js';
import { LazyPage } from '../components/LazyPage.js';
import { RouteErrorBoundary } from '../components/errors/RouteErrorBoundary.js';

export async function loader({ params }: LoaderFunctionArgs) {
  const record = blogPosts.find((p) => p.slug === params.slug);
  if (!record) throw new Response(null, { status: 404, statusText: 'Not Found' });
  await blogModules.load(record.fileKey);
  const { fileKey, ...post } = record;
  return { post, fileKey, sidebar: blogSidebarPosts() };
}

/** Same on-demand semantics as docs pages: wait for the post chunk; if it is gone, warn and reload. */
export async function clientLoader({ serverLoader }: ClientLoaderFunctionArgs) {
  const data = await serverLoader<typeof loader>();
  await blogModules.load(data.fileKey).catch((error: unknown) => {
    console.warn(error);
    window.location.reload();
    return new Promise<never>(() => {});
  });
  return data;
}

export const meta: MetaFunction<typeof loader> = ({ data, error }) =>
  data ? [{ title: `${data.post.title} | ${portalConfig.title}` }, { name: 'description', content: data.post.description }] : errorMeta(error);

export const headers: HeadersFunction = () => ({ 'Cache-Control': 'public, max-age=300' });

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

export default function BlogPost() {
  const { post, fileKey, sidebar } = useLoaderData<typeof loader>();
  return (
    <div className="container blog-layout">
      <BlogSidebar posts={sidebar} activeSlug={post.slug} />
      <main className="blog-main">
        <article className="blog-post-item markdown">
          <BlogPostHeader post={post} asLink={false} />
          <LazyPage cache={blogModules} moduleKey={fileKey} pathname={`/blog/${post.slug}`} />
        </article>
      </main>
    </div>
  );
}
