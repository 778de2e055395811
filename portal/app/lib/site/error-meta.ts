import { isRouteErrorResponse } from '@remix-run/react';
import { portalConfig } from '../../config/portal-config.js';
import { translate } from '../../i18n/strings.js';

/** The <title> of a route whose loader threw: the not-found page's for a 404, the crash page's otherwise. */
export function errorMeta(error: unknown): { title: string }[] {
  const key = isRouteErrorResponse(error) && error.status === 404 ? 'theme.NotFound.title' : 'theme.ErrorPageContent.title';
  return [{ title: `${translate(key)} | ${portalConfig.title}` }];
}
