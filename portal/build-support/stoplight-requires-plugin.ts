import path from 'node:path';
import type { Plugin } from 'vite';

const CODE_VIEWER = '@stoplight/mosaic-code-viewer/code-viewer.esm.js';
const SCHEMA_TREE = '@stoplight/json-schema-tree/index.es.js';
const GLOBAL_ID = 'virtual:mosaic-prism-global';
const PRISM_REQUIRE = /require\('(prismjs\/components\/prism-[a-z-]+)'\);/g;
const CONST_REQUIRE = /^const (\w+) = require\('([^']+)'\);$/gm;

/**
 * Two Stoplight Elements dependencies ship "ESM" files that still call `require()` at module level,
 * which throws "require is not defined" in the browser and crashes /api/:
 * - mosaic-code-viewer requires Prism language files after putting prism-react-renderer's Prism on the
 *   global object; the calls become imports that run after a tiny module installing that global first;
 * - json-schema-tree requires a CommonJS package; that becomes a default import.
 * Also: json-schema-ref-parser needs Node's `url` module, which Vite empties for browsers; its client
 * build gets app/lib/api/browser-url.ts instead.
 */
export function stoplightRequiresPlugin(portalRoot: string): Plugin {
  const resolvedGlobal = `\0${GLOBAL_ID}`;
  return {
    name: 'ligature-stoplight-esm-requires',
    enforce: 'pre',
    resolveId(id, importer, options) {
      if (id === GLOBAL_ID) return resolvedGlobal;
      if (id === 'url' && !options.ssr && importer?.includes('@stoplight/json-schema-ref-parser')) {
        return path.join(portalRoot, 'app/lib/api/browser-url.ts');
      }
      return null;
    },
    load: (id) =>
      id === resolvedGlobal
        ? `import ReactRendererPrism from 'prism-react-renderer/prism';\nconst g = typeof globalThis !== 'undefined' ? globalThis : window;\nif (!g.Prism) g.Prism = ReactRendererPrism;\n`
        : null,
    transform(code, id) {
      const file = id.split('?')[0]!;
      if (file.endsWith(CODE_VIEWER)) {
        const languages = [...code.matchAll(PRISM_REQUIRE)].map((m) => m[1]!);
        const imports = [GLOBAL_ID, ...languages].map((spec) => `import '${spec}';`).join('\n');
        return { code: `${imports}\n${code.replace(PRISM_REQUIRE, '')}`, map: null };
      }
      if (file.endsWith(SCHEMA_TREE)) {
        const imports = [...code.matchAll(CONST_REQUIRE)].map((m) => `import ${m[1]} from '${m[2]}';`).join('\n');
        return { code: `${imports}\n${code.replace(CONST_REQUIRE, '')}`, map: null };
      }
      return null;
    },
  };
}
