import { lazy, Suspense } from 'react';
import type { HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import elementsCss from '@stoplight/elements/styles.min.css?url';
import { portalConfig } from '../config/portal-config.js';
import { translate } from '../i18n/strings.js';
import { openapiDocument } from '../content-index/openapi.server.js';
import { listOperations } from '../lib/api/operations.js';
import { isApiPage } from '../lib/api/api-pages.js';
import { errorMeta } from '../lib/site/error-meta.js';
import { useHydrated } from '../lib/site/use-hydrated.js';
import { ApiFallback } from '../components/api/ApiFallback.js';
import { RouteErrorBoundary } from '../components/errors/RouteErrorBoundary.js';

// Client-only and on demand: Elements is large and does not server-render (stack notes C3).
const ElementsApi = lazy(() =>
  import('../lib/api/browser-process-shim.js')
    .then(() => import('@stoplight/elements'))
    .then((m) => ({ default: m.API })),
);

// Mosaic styles are global, so they are linked from this route only, never from root.
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: elementsCss }];

export function loader({ params }: LoaderFunctionArgs) {
  if (!isApiPage(openapiDocument, params['*'] ?? '')) throw new Response(null, { status: 404, statusText: 'Not Found' });
  return { document: openapiDocument, operations: listOperations(openapiDocument) };
}

export const meta: MetaFunction<typeof loader> = ({ data, error }) => error ? errorMeta(error) : [
  { title: `${translate('theme.api.title')} | ${portalConfig.title}` },
  ...(data ? [{ name: 'description', content: `${data.document.info.title} ${data.document.info.version}` }] : []),
];

export const headers: HeadersFunction = () => ({ 'Cache-Control': 'public, max-age=300' });

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

export default function ApiReference() {
  const { document, operations } = useLoaderData<typeof loader>();
  const hydrated = useHydrated();
  const fallback = <ApiFallback title={document.info.title} version={document.info.version} description={document.info.description} operations={operations} />;
  if (!hydrated) return fallback;
  return (
    <div className="api-reference">
      <Suspense fallback={fallback}>
        {/* Inside Remix's router Elements renders <Routes> relative to this splat route (no hash router).
            No "Try it": from the portal's origin it would call the portal, not a gateway (see the API reference page). */}
        <ElementsApi apiDescriptionDocument={document} layout="sidebar" basePath="/api" router="history" hideTryIt />
      </Suspense>
    </div>
  );
}
