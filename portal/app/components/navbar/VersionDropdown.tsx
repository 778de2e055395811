import { Link } from '@remix-run/react';
import { portalConfig, type DocsVersion } from '../../config/portal-config.js';
import { translate } from '../../i18n/strings.js';
import { docUrl } from '../../lib/docs/versions.js';
import { savePreferredVersion } from '../../lib/site/preferred-version.js';
import { Dropdown } from './Dropdown.js';

interface Props {
  current: DocsVersion;
  /** same doc in each version when on a docs page; otherwise each version's landing page */
  alternates?: Record<string, string>;
}

/** Docusaurus `docsVersionDropdown`: picking a version saves it as the preferred version (B2). */
export function VersionDropdown({ current, alternates }: Props) {
  return (
    <Dropdown label={current.label} ariaLabel={translate('theme.navbar.versionsDropdown.ariaLabel')} className="version-dropdown">
      {portalConfig.versions.map((version) => (
        <li key={version.name}>
          <Link
            to={alternates?.[version.name] ?? docUrl(version, '')}
            className={`dropdown__link${version.name === current.name ? ' dropdown__link--active' : ''}`}
            onClick={() => savePreferredVersion(version.name)}
          >
            {version.label}
          </Link>
        </li>
      ))}
    </Dropdown>
  );
}
