import { memo, Suspense, type ComponentType } from 'react';
import type { MDXComponents } from 'mdx/types';
import { pageComponentOf, type ModuleCache } from '../lib/docs/module-cache.js';
import { translate } from '../i18n/strings.js';
import { LoadableBoundary } from './errors/LoadableBoundary.js';
import { PageErrorBoundary } from './errors/PageErrorBoundary.js';
import { mdxComponents } from './mdx-components.js';

interface Props {
  cache: ModuleCache;
  moduleKey: string;
  /** the page URL, used in the "no default export" error */
  pathname: string;
}

function PageComponent({ cache, moduleKey, pathname }: Props) {
  // Throws a promise while the chunk loads (Suspense) or the import error (LoadableBoundary).
  const module = cache.read(moduleKey);
  const Page = pageComponentOf<ComponentType<{ components?: MDXComponents }>>(module, pathname);
  return <Page components={mdxComponents} />;
}

function ModuleView(props: Props) {
  // Reading the module outside PageErrorBoundary keeps load failures (Retry) apart from crashes (Try again).
  props.cache.read(props.moduleKey);
  return (
    <PageErrorBoundary>
      <PageComponent {...props} />
    </PageErrorBoundary>
  );
}

/**
 * A page body loaded on demand. Memoised with primitive props so a parent re-render after hydration
 * does not disturb a boundary that is still waiting for its chunk (the server HTML stays in place).
 */
export const LazyPage = memo(function LazyPage(props: Props) {
  return (
    <LoadableBoundary key={props.moduleKey} onRetry={() => props.cache.evict(props.moduleKey)}>
      <Suspense fallback={<p className="loading">{translate('theme.Loading.loading')}</p>}>
        <ModuleView {...props} />
      </Suspense>
    </LoadableBoundary>
  );
});
