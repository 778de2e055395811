import { translate } from '../../i18n/strings.js';
import { DocLink } from '../DocLink.js';

type PageLink = { label: string; href: string } | null;

export function Paginator({ previous, next, onPrefetch }: { previous: PageLink; next: PageLink; onPrefetch?: (to: string) => void }) {
  if (!previous && !next) return null;
  return (
    <nav className="pagination-nav" aria-label={translate('theme.docs.paginator.navAriaLabel')}>
      {previous ? (
        <DocLink className="pagination-nav__link pagination-nav__link--prev" to={previous.href} onPrefetch={onPrefetch}>
          <div className="pagination-nav__sublabel">{translate('theme.docs.paginator.previous')}</div>
          <div className="pagination-nav__label">{previous.label}</div>
        </DocLink>
      ) : (
        <span />
      )}
      {next && (
        <DocLink className="pagination-nav__link pagination-nav__link--next" to={next.href} onPrefetch={onPrefetch}>
          <div className="pagination-nav__sublabel">{translate('theme.docs.paginator.next')}</div>
          <div className="pagination-nav__label">{next.label}</div>
        </DocLink>
      )}
    </nav>
  );
}
