/** The KaTeX stylesheet from jsDelivr with Subresource Integrity; version and hash come from the config. */
export function katexStylesheet(katex: { version: string; integrity: string }) {
  return {
    rel: 'stylesheet',
    href: `https://cdn.jsdelivr.net/npm/katex@${katex.version}/dist/katex.min.css`,
    integrity: katex.integrity,
    crossOrigin: 'anonymous' as const,
  };
}
