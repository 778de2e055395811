import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData, type ClientLoaderFunctionArgs } from '@remix-run/react';
import { portalConfig } from '../config/portal-config.js';
import { errorMeta } from '../lib/site/error-meta.js';
import { loadDocPage } from '../content-index/doc-page.server.js';
import { docFileKeyForPath, docModules, preloadDocPage } from '../content-index/doc-modules.js';
import { useWindowSize } from '../lib/site/use-window-size.js';
import { DocSidebar } from '../components/docs/SidebarItems.js';
import { TableOfContents, TOCCollapsible } from '../components/docs/TableOfContents.js';
import { VersionBadge, VersionBanner } from '../components/docs/VersionBanner.js';
import { Paginator } from '../components/docs/Paginator.js';
import { CategoryIndex } from '../components/docs/CategoryIndex.js';
import { LazyPage } from '../components/LazyPage.js';
import { RouteErrorBoundary } from '../components/errors/RouteErrorBoundary.js';

export async function loader({ params }: LoaderFunctionArgs) {
  const page = await loadDocPage(params['*'] ?? '');
  if (!page) throw new Response(null, { status: 404, statusText: 'Not Found' });
  return page;
}

/**
 * Client navigations wait for the target page's chunk as well as its data, so the old page stays up
 * meanwhile (Docusaurus PendingNavigation). A chunk that fails to load most likely vanished with a new
 * deployment: warn and reload, and never resolve so nothing half-loaded renders.
 */
export async function clientLoader({ request, serverLoader }: ClientLoaderFunctionArgs) {
  const key = docFileKeyForPath(new URL(request.url).pathname);
  const chunk = key
    ? docModules.load(key).catch((error: unknown) => {
        console.warn(error);
        window.location.reload();
        return new Promise<never>(() => {});
      })
    : null;
  const [data] = await Promise.all([serverLoader<typeof loader>(), chunk]);
  return data;
}

export const meta: MetaFunction<typeof loader> = ({ data, error }) =>
  data ? [{ title: `${data.title} | ${portalConfig.title}` }, { name: 'description', content: data.description }] : errorMeta(error);

export const headers: HeadersFunction = () => ({ 'Cache-Control': 'public, max-age=300' });

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

export default function DocsPage() {
  const data = useLoaderData<typeof loader>();
  const windowSize = useWindowSize();
  const desktop = windowSize !== 'mobile';
  const latestHref = data.alternates[portalConfig.lastVersion] ?? '/docs';
  return (
    <div className="docs-wrapper">
      {desktop && <DocSidebar items={data.sidebar} activeHref={data.pathname} onPrefetch={preloadDocPage} />}
      <main className="docs-main">
        <div className="docs-row">
          <div className="docs-content">
            <VersionBanner version={data.version} latestHref={latestHref} />
            <VersionBadge version={data.version} />
            {!desktop && data.toc.length > 0 && <TOCCollapsible toc={data.toc} />}
            {data.kind === 'doc' && data.fileKey ? (
              <article className="markdown">
                {!data.hasOwnTitle && <h1>{data.title}</h1>}
                <LazyPage cache={docModules} moduleKey={data.fileKey} pathname={data.pathname} />
              </article>
            ) : (
              data.category && <CategoryIndex category={data.category} onPrefetch={preloadDocPage} />
            )}
            <Paginator previous={data.previous} next={data.next} onPrefetch={preloadDocPage} />
          </div>
          {desktop && data.toc.length > 0 && <TableOfContents toc={data.toc} />}
        </div>
      </main>
    </div>
  );
}
