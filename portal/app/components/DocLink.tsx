import { Link, type LinkProps } from '@remix-run/react';
import { usePrefetchAllowed } from '../lib/site/use-prefetch-allowed.js';

interface DocLinkProps extends Omit<LinkProps, 'prefetch' | 'to'> {
  to: string;
  /** extra warm-up on intent, e.g. loading the target page's content chunk */
  onPrefetch?: (to: string) => void;
}

/**
 * Internal link that prefetches the target on intent (hover, focus, touch), like Docusaurus `<Link>`.
 * Server markup never prefetches; after hydration prefetching is skipped on 2g or save-data.
 */
export function DocLink({ to, onPrefetch, onMouseEnter, onFocus, onTouchStart, ...props }: DocLinkProps) {
  const allowed = usePrefetchAllowed();
  const warm = () => {
    if (allowed) onPrefetch?.(to);
  };
  return (
    <Link
      to={to}
      prefetch={allowed ? 'intent' : 'none'}
      onMouseEnter={(e) => {
        warm();
        onMouseEnter?.(e);
      }}
      onFocus={(e) => {
        warm();
        onFocus?.(e);
      }}
      onTouchStart={(e) => {
        warm();
        onTouchStart?.(e);
      }}
      {...props}
    />
  );
}
