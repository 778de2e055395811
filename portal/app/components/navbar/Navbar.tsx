import { useEffect, useState } from 'react';
import { Link, useLocation, useMatches } from '@remix-run/react';
import { portalConfig } from '../../config/portal-config.js';
import { translate } from '../../i18n/strings.js';
import { docUrl, versionOfPathname } from '../../lib/docs/versions.js';
import type { SidebarItem } from '../../lib/docs/sidebar.js';
import { usePreferredVersionName } from '../../lib/site/preferred-version.js';
import { useWindowSize } from '../../lib/site/use-window-size.js';
import { DocLink } from '../DocLink.js';
import { SearchBar } from '../search/SearchBar.js';
import { ColorModeToggle } from './ColorModeToggle.js';
import { LocaleDropdown } from './LocaleDropdown.js';
import { NavbarDrawer } from './NavbarDrawer.js';
import { VersionDropdown } from './VersionDropdown.js';

interface DocsRouteData {
  alternates: Record<string, string>;
  sidebar: SidebarItem[];
  pathname: string;
}

/** Left: brand, "Documentation" (the overview), Blog, API. Right: versions, language, search, colour mode. */
export function Navbar() {
  const location = useLocation();
  const preferredName = usePreferredVersionName();
  const windowSize = useWindowSize();
  const [drawerOpen, setDrawerOpen] = useState(false);
  useEffect(() => setDrawerOpen(false), [location.pathname]);
  const { versions, lastVersion } = portalConfig;
  const latest = versions.find((v) => v.name === lastVersion)!;
  const active = versionOfPathname(location.pathname, versions, lastVersion)?.version;
  // On a docs page its own version wins; elsewhere the remembered choice, else the latest (B2).
  const current = active ?? versions.find((v) => v.name === preferredName) ?? latest;
  const docsData = useMatches().find((m) => m.id === 'routes/docs.$')?.data as DocsRouteData | undefined;
  const overviewHref = docUrl(current, 'overview');
  const links = (
    <>
      <DocLink className="navbar__item navbar__link" to={overviewHref}>
        {translate('theme.navbar.docs')}
      </DocLink>
      <DocLink className="navbar__item navbar__link" to="/blog">
        {translate('theme.navbar.blog')}
      </DocLink>
      <Link className="navbar__item navbar__link" to="/api/">
        {translate('theme.navbar.api')}
      </Link>
    </>
  );
  return (
    <nav className="navbar" aria-label="Main">
      <div className="navbar__inner">
        <div className="navbar__items">
          <button
            type="button"
            className="navbar__toggle clean-btn"
            aria-label={translate('theme.docs.sidebar.toggleSidebarButtonAriaLabel')}
            aria-expanded={drawerOpen}
            onClick={() => setDrawerOpen((o) => !o)}
          >
            <span aria-hidden="true">☰</span>
          </button>
          <Link className="navbar__brand" to="/">
            <span className="navbar__logo" aria-hidden="true">⧉</span>
            <b className="navbar__title">{portalConfig.title}</b>
          </Link>
          <div className="navbar__desktop-only">{links}</div>
        </div>
        <div className="navbar__items navbar__items--right">
          <div className="navbar__desktop-only">
            <VersionDropdown current={current} alternates={active ? docsData?.alternates : undefined} />
            <LocaleDropdown />
          </div>
          <ColorModeToggle />
          <SearchBar versionName={current.name} />
        </div>
      </div>
      {windowSize === 'mobile' && drawerOpen && (
        <NavbarDrawer onClose={() => setDrawerOpen(false)} links={links} current={current} alternates={active ? docsData?.alternates : undefined} sidebar={active ? docsData?.sidebar : undefined} activeHref={docsData?.pathname ?? location.pathname} />
      )}
    </nav>
  );
}
