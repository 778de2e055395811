import { portalConfig, type DocsVersion } from '../../config/portal-config.js';
import { translate } from '../../i18n/strings.js';
import { savePreferredVersion } from '../../lib/site/preferred-version.js';
import { DocLink } from '../DocLink.js';

/** Unreleased / unmaintained banner with the "latest version" link, which also saves the preference. */
export function VersionBanner({ version, latestHref }: { version: DocsVersion; latestHref: string }) {
  if (!version.banner) return null;
  const latest = portalConfig.versions.find((v) => v.name === portalConfig.lastVersion)!;
  const id = version.banner === 'unreleased' ? 'theme.docs.versions.unreleasedVersionLabel' : 'theme.docs.versions.unmaintainedVersionLabel';
  const [before, after] = translate('theme.docs.versions.latestVersionSuggestionLabel', { versionLabel: latest.label }).split('{latestVersionLink}');
  return (
    <div className="alert alert--warning theme-doc-version-banner" role="alert">
      <div>{translate(id, { siteTitle: portalConfig.title, versionLabel: version.label })}</div>
      <div>
        {before}
        <b>
          <DocLink to={latestHref} onClick={() => savePreferredVersion(latest.name)}>
            {translate('theme.docs.versions.latestVersionLinkLabel')}
          </DocLink>
        </b>
        {after}
      </div>
    </div>
  );
}

export function VersionBadge({ version }: { version: DocsVersion }) {
  return (
    <span className="badge theme-doc-version-badge">{translate('theme.docs.versionBadge.label', { versionLabel: version.label })}</span>
  );
}
