import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Root, Link } from 'mdast';
import type { VFile } from 'vfile';
import { visit } from 'unist-util-visit';
import type { DocsVersion } from '../config/portal-config.js';
import { slugOfRelPath } from '../lib/docs/content-paths.js';
import { docUrl } from '../lib/docs/versions.js';

export interface DocLinksOptions {
  /** absolute path of content/docs */
  docsRoot: string;
  versions: readonly DocsVersion[];
  /** project root used to print short file names in warnings */
  projectRoot: string;
  warn?: (message: string) => void;
}

const RELATIVE_MARKDOWN = /^(?![a-z][a-z0-9+.-]*:|\/|#)([^?#]*\.mdx?)(#.*)?$/i;

/** Docusaurus 3.9's wording for an unresolved Markdown link (`onBrokenMarkdownLinks: 'warn'`). */
export function brokenMarkdownLinkMessage(url: string, file: string, line: number, column: number): string {
  return `[WARNING] Markdown link with URL \`${url}\` in source file "${file}" (${line}:${column}) couldn't be resolved.\nMake sure it references a local Markdown file that exists within the current plugin.`;
}

/**
 * Rewrites relative `.md`/`.mdx` links to the URL of the target doc in the same version. A link that
 * cannot be resolved is left as written and reported with `console.warn`: the build carries on.
 */
export default function remarkDocLinks(options: DocLinksOptions) {
  const warn = options.warn ?? ((message: string) => console.warn(message));
  return (tree: Root, file: VFile) => {
    const sourcePath = file.path ? path.resolve(file.path) : '';
    const relToDocs = path.relative(options.docsRoot, sourcePath);
    const versionName = relToDocs.startsWith('..') ? null : relToDocs.split(path.sep)[0];
    const version = options.versions.find((v) => v.name === versionName);
    visit(tree, 'link', (node: Link) => {
      const match = RELATIVE_MARKDOWN.exec(node.url);
      if (!match) return;
      const target = path.resolve(path.dirname(sourcePath), decodeURI(match[1]!));
      const versionRoot = version ? path.join(options.docsRoot, version.name) : null;
      const relInVersion = versionRoot ? path.relative(versionRoot, target) : '..';
      if (!version || relInVersion.startsWith('..') || !existsSync(target)) {
        const start = node.position?.start;
        warn(brokenMarkdownLinkMessage(node.url, path.relative(options.projectRoot, sourcePath), start?.line ?? 0, start?.column ?? 0));
        return;
      }
      node.url = docUrl(version, slugOfRelPath(relInVersion.split(path.sep).join('/'))) + (match[2] ?? '');
    });
  };
}
