import type { LinksFunction, MetaFunction } from '@remix-run/node';
import { Links, Meta, Outlet, Scripts, ScrollRestoration } from '@remix-run/react';
import { useEffect, type ReactNode } from 'react';
import { portalConfig } from './config/portal-config.js';
import { translate } from './i18n/strings.js';
import { themeInlineScript } from './lib/site/theme-script.js';
import { katexStylesheet } from './lib/site/katex-stylesheet.js';
import { Navbar } from './components/navbar/Navbar.js';
import { Footer } from './components/layout/Footer.js';
import { RouteErrorBoundary } from './components/errors/RouteErrorBoundary.js';
import appCss from './styles/app.css?url';
import contentCss from './styles/content.css?url';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: appCss },
  { rel: 'stylesheet', href: contentCss },
  katexStylesheet(portalConfig.katex),
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export const meta: MetaFunction = () => [
  { title: `${portalConfig.title} | ${portalConfig.tagline}` },
  { name: 'description', content: portalConfig.tagline },
];

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang={portalConfig.locales.defaultLocale} dir="ltr" data-theme={portalConfig.colorMode.defaultMode} suppressHydrationWarning>
      <head>
        {/* First in <head> so the colour mode is set before the first paint. */}
        <script dangerouslySetInnerHTML={{ __html: themeInlineScript(portalConfig.colorMode.defaultMode) }} />
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        <a className="skip-to-content" href="#__main">
          {translate('theme.common.skipToMainContent')}
        </a>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

function Chrome({ children }: { children: ReactNode }) {
  return (
    <>
      <Navbar />
      <div id="__main" className="main-wrapper">
        {children}
      </div>
      <Footer />
    </>
  );
}

export default function App() {
  // Marks the document once React has hydrated, so end-to-end tests (and humans) can tell.
  useEffect(() => document.documentElement.setAttribute('data-hydrated', 'true'), []);
  return (
    <Chrome>
      <Outlet />
    </Chrome>
  );
}

export function ErrorBoundary() {
  return (
    <Chrome>
      <RouteErrorBoundary />
    </Chrome>
  );
}
