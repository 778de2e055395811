import type { ReactNode } from 'react';
import { Link } from '@remix-run/react';
import { portalConfig, type DocsVersion } from '../../config/portal-config.js';
import { translate } from '../../i18n/strings.js';
import { docUrl } from '../../lib/docs/versions.js';
import type { SidebarItem } from '../../lib/docs/sidebar.js';
import { savePreferredVersion } from '../../lib/site/preferred-version.js';
import { SidebarItems } from '../docs/SidebarItems.js';

interface Props {
  onClose: () => void;
  links: ReactNode;
  current: DocsVersion;
  alternates?: Record<string, string>;
  sidebar?: SidebarItem[];
  activeHref: string;
}

/** The mobile (≤ 996 px) menu: navbar links, versions, languages, then the docs sidebar. */
export function NavbarDrawer({ onClose, links, current, alternates, sidebar, activeHref }: Props) {
  const { locales } = portalConfig;
  return (
    <div className="navbar-sidebar">
      <div className="navbar-sidebar__brand">
        <b>{portalConfig.title}</b>
        <button type="button" className="clean-btn navbar-sidebar__close" aria-label={translate('theme.docs.sidebar.closeSideBarButtonAriaLabel')} onClick={onClose}>
          ×
        </button>
      </div>
      <div className="navbar-sidebar__items menu">
        <div className="navbar-sidebar__links">{links}</div>
        <p className="menu__heading">{translate('theme.navbar.mobileVersionsDropdown.label')}</p>
        <ul className="menu__list">
          {portalConfig.versions.map((v) => (
            <li key={v.name} className="menu__list-item">
              <Link className={`menu__link${v.name === current.name ? ' menu__link--active' : ''}`} to={alternates?.[v.name] ?? docUrl(v, '')} onClick={() => savePreferredVersion(v.name)}>
                {v.label}
              </Link>
            </li>
          ))}
        </ul>
        <p className="menu__heading">{translate('theme.navbar.mobileLanguageDropdown.label')}</p>
        <ul className="menu__list">
          {locales.locales.map((l) => (
            <li key={l} className="menu__list-item">
              <span className="menu__link menu__link--active">{locales.labels[l] ?? l}</span>
            </li>
          ))}
        </ul>
        {sidebar && (
          <nav aria-label={translate('theme.docs.sidebar.navAriaLabel')}>
            <SidebarItems items={sidebar} activeHref={activeHref} />
          </nav>
        )}
      </div>
    </div>
  );
}
