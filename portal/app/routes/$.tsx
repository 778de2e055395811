import type { MetaFunction } from '@remix-run/node';
import { portalConfig } from '../config/portal-config.js';
import { translate } from '../i18n/strings.js';
import { NotFound } from '../components/errors/NotFound.js';

/** Every path no other route claims: a thrown 404, rendered by the boundary inside the site chrome. */
export function loader(): never {
  throw new Response(null, { status: 404, statusText: 'Not Found' });
}

export const meta: MetaFunction = () => [{ title: `${translate('theme.NotFound.title')} | ${portalConfig.title}` }];

export function ErrorBoundary() {
  return <NotFound />;
}

export default function CatchAll() {
  return <NotFound />;
}
