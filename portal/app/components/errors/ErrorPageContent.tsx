import { translate } from '../../i18n/strings.js';

/** The message, followed by its `cause` chain (Docusaurus joins the causes with "Cause:"). */
function errorChain(error: unknown): string[] {
  const lines: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth += 1) {
    lines.push(current instanceof Error ? current.message : typeof current === 'string' ? current : JSON.stringify(current));
    current = current instanceof Error ? current.cause : undefined;
  }
  return lines;
}

/** theme-classic `ErrorPageContent`: title, "Try again", then the error message. */
export function ErrorPageContent({ error, tryAgain }: { error: unknown; tryAgain: () => void }) {
  const [message, ...causes] = errorChain(error);
  return (
    <main className="container error-page" role="alert">
      <h1>{translate('theme.ErrorPageContent.title')}</h1>
      <button type="button" className="button button--primary" onClick={tryAgain}>
        {translate('theme.ErrorPageContent.tryAgain')}
      </button>
      <p className="error-message">{message}</p>
      {causes.map((cause, i) => (
        <p className="error-message" key={i}>
          {translate('theme.ErrorPageContent.cause')} {cause}
        </p>
      ))}
    </main>
  );
}
