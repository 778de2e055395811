import { Link } from '@remix-run/react';
import { portalConfig } from '../../config/portal-config.js';
import { translate } from '../../i18n/strings.js';

export function Footer() {
  return (
    <footer className="footer">
      <div className="container footer__inner">
        <ul className="footer__links">
          <li>
            <Link to="/docs/overview">{translate('theme.navbar.docs')}</Link>
          </li>
          <li>
            <Link to="/api/">{translate('theme.api.title')}</Link>
          </li>
          <li>
            <Link to="/blog">{translate('theme.navbar.blog')}</Link>
          </li>
        </ul>
        <div className="footer__copyright">
          {translate('theme.footer.copyright', { year: portalConfig.copyrightYear, provider: portalConfig.providerName })}
        </div>
      </div>
    </footer>
  );
}
