#!/usr/bin/env -S node --max-old-space-size=80 --max-semi-space-size=2
// Launcher kept in git so npm links the `ligature` command at install time, before the bundle is built.
// The heap flags in the line above: build and send stream, so their live data is a few MiB, but V8's default
// sizing lets garbage reach ~200 MiB resident before collecting it; with them a 1 GiB source builds and
// uploads within 128 MiB (clients/cli/bench/memory.ts). `env -S` is in GNU coreutils 8.30+, macOS and npm's
// Windows shims.
import { existsSync } from 'node:fs'

const bundle = new URL('../build/ligature.js', import.meta.url)
if (!existsSync(bundle)) {
  process.stderr.write('ligature: not built yet; run `npm run build -w @ligature/cli` (or `npx turbo run build`).\n')
  process.exit(1)
}
await import(bundle.href)
