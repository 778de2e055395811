import type { Root } from 'mdast';
import type { VFile } from 'vfile';
import { readingTimeMinutes, stripFrontMatter } from '../lib/blog/reading-time.js';
import { exportConstNode } from './esm-export.js';

/**
 * Adds `export const readingTime = <minutes>` computed from the raw source without its front matter,
 * as Docusaurus does for blog posts.
 */
export default function remarkReadingTimeExport(options: { locale: string; wordsPerMinute: number }) {
  return (tree: Root, file: VFile) => {
    const minutes = readingTimeMinutes(stripFrontMatter(String(file.value)), options);
    tree.children.unshift(exportConstNode('readingTime', minutes) as unknown as Root['children'][number]);
  };
}
