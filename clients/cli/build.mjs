// Bundles the CLI and everything it imports (the unpublished @ligature/engine included) into one file, so the
// `npm pack` tarball installs with no dependencies and no workspace.
import { build } from 'esbuild'

await build({
  entryPoints: ['src/main.ts'],
  outfile: 'build/ligature.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  banner: { js: "#!/usr/bin/env node\nimport { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  legalComments: 'none',
  // The engine is pure but does not declare it: without this every module it re-exports (synthetic name
  // lists, grouping, the wasm kernel) would run at start-up and cost tens of MiB of resident memory.
  plugins: [{ name: 'engine-is-pure', setup(b) {
    b.onResolve({ filter: /.*/ }, async (args) => {
      if (args.pluginData === 'inner' || !(args.path === '@ligature/engine' || /workflows[\\/]engine[\\/]src/.test(args.resolveDir))) return undefined
      const found = await b.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: 'inner' })
      if (found.errors.length > 0) return { errors: found.errors }
      return found.external ? { path: found.path, external: true } : { path: found.path, sideEffects: false }
    })
  } }],
  logLevel: 'warning',
})
