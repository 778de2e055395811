import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import MiniSearch from 'minisearch';
import { portalConfig } from '../app/config/portal-config.js';
import { searchIndexOptions, type SearchDocument } from '../app/lib/search/search-options.js';
import { extractSearchDocument } from '../build-support/search-text.js';
import { slugOfRelPath } from '../app/lib/docs/content-paths.js';
import { docUrl } from '../app/lib/docs/versions.js';

/** Writes build/client/search/<version>.json: one MiniSearch index per docs version, built offline. */
const portalRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(portalRoot, 'build/client/search');

function mdxFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.mdx'))
    .map((f) => f.split(path.sep).join('/'))
    .sort();
}

mkdirSync(outDir, { recursive: true });
for (const version of portalConfig.versions) {
  const versionDir = path.join(portalRoot, 'content/docs', version.name);
  const documents: SearchDocument[] = mdxFiles(versionDir).map((relPath) => {
    const url = docUrl(version, slugOfRelPath(relPath));
    return { id: url, url, ...extractSearchDocument(readFileSync(path.join(versionDir, relPath), 'utf8')) };
  });
  const index = new MiniSearch<SearchDocument>(searchIndexOptions);
  index.addAll(documents);
  const file = path.join(outDir, `${version.name}.json`);
  writeFileSync(file, JSON.stringify(index));
  console.log(`search index: ${documents.length} pages of ${version.label} → ${path.relative(portalRoot, file)}`);
}
