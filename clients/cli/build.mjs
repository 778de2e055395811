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
  logLevel: 'warning',
})
