import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { crawlSite, formatBrokenLinks } from '../app/lib/links/link-checker.js';
import { builtSiteRenderer, LINK_CHECK_SEEDS } from '../build-support/built-site-renderer.js';

/**
 * Post-build link check (onBrokenLinks: 'throw'): renders every page reachable from the seeds through
 * the built server and fails on any link to a path that does not render. Broken anchors only warn.
 */
const portalRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Optional argument: another build directory (tests check a copy with a planted broken link).
const buildDir = path.resolve(process.argv[2] ?? path.join(portalRoot, 'build'));
const render = await builtSiteRenderer(buildDir);
const report = await crawlSite(render, LINK_CHECK_SEEDS);

if (report.brokenAnchors.length > 0) console.warn(formatBrokenLinks(report.brokenAnchors, 'anchor'));
if (report.brokenLinks.length > 0) {
  console.error(formatBrokenLinks(report.brokenLinks, 'link'));
  process.exit(1);
}
console.log(`check-links: ${report.pagesChecked} pages checked, no broken links.`);
