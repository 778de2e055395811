/**
 * Browser stand-in for the parts of Node's legacy `url` module that Stoplight's json-schema-ref-parser
 * uses (`resolve` for `$ref`s, `parse`/`format` for its HTTP resolver), built on WHATWG URL.
 * Wired in for that package's client build only, by build-support/stoplight-requires-plugin.ts.
 */
const PLACEHOLDER = 'resolve:';

export function resolve(from: string, to: string): string {
  const resolved = new URL(to, new URL(from, `${PLACEHOLDER}//`));
  if (resolved.protocol !== PLACEHOLDER) return resolved.toString();
  const { pathname, search, hash } = resolved;
  // Relative inputs stay relative, as with Node's url.resolve.
  return (from.startsWith('/') || to.startsWith('/') ? pathname : pathname.replace(/^\//, '')) + search + hash;
}

export interface LegacyUrl {
  protocol: string | null;
  auth: string;
  host: string;
  hostname: string;
  port: string;
  pathname: string;
  search: string;
  hash: string;
  href: string;
}

export function parse(input: string): LegacyUrl {
  try {
    const u = new URL(input);
    return { protocol: u.protocol, auth: u.username ? `${u.username}:${u.password}` : '', host: u.host, hostname: u.hostname, port: u.port, pathname: u.pathname, search: u.search, hash: u.hash, href: u.href };
  } catch {
    const hashAt = input.indexOf('#');
    const hash = hashAt === -1 ? '' : input.slice(hashAt);
    return { protocol: null, auth: '', host: '', hostname: '', port: '', pathname: hashAt === -1 ? input : input.slice(0, hashAt), search: '', hash, href: input };
  }
}

export function format(u: Partial<LegacyUrl>): string {
  if (!u.protocol) return `${u.pathname ?? ''}${u.search ?? ''}${u.hash ?? ''}`;
  const auth = u.auth ? `${u.auth}@` : '';
  return `${u.protocol}//${auth}${u.host ?? u.hostname ?? ''}${u.pathname ?? ''}${u.search ?? ''}${u.hash ?? ''}`;
}
