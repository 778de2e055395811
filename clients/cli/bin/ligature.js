#!/usr/bin/env node
// Launcher kept in git so npm links the `ligature` command at install time, before the bundle is built.
import { existsSync } from 'node:fs'

const bundle = new URL('../build/ligature.js', import.meta.url)
if (!existsSync(bundle)) {
  process.stderr.write('ligature: not built yet; run `npm run build -w @ligature/cli` (or `npx turbo run build`).\n')
  process.exit(1)
}
await import(bundle.href)
