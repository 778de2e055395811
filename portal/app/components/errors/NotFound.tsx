import { translate } from '../../i18n/strings.js';

/** Docusaurus `@theme/NotFound` content. */
export function NotFound() {
  return (
    <main className="container not-found">
      <h1>{translate('theme.NotFound.title')}</h1>
      <p>{translate('theme.NotFound.p1')}</p>
      <p>{translate('theme.NotFound.p2')}</p>
    </main>
  );
}
