import { Link, useLocation } from '@remix-run/react';
import { portalConfig } from '../../config/portal-config.js';
import { translate } from '../../i18n/strings.js';
import { Dropdown } from './Dropdown.js';

/** Language switcher; English is the only locale, so every entry points at the current page. */
export function LocaleDropdown() {
  const location = useLocation();
  const { defaultLocale, locales, labels } = portalConfig.locales;
  return (
    <Dropdown label={labels[defaultLocale] ?? defaultLocale} ariaLabel={translate('theme.navbar.localeDropdown.ariaLabel')} className="locale-dropdown">
      {locales.map((locale) => (
        <li key={locale}>
          <Link to={location.pathname} lang={locale} className={`dropdown__link${locale === defaultLocale ? ' dropdown__link--active' : ''}`}>
            {labels[locale] ?? locale}
          </Link>
        </li>
      ))}
    </Dropdown>
  );
}
