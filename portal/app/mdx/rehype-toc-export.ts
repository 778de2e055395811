import type { Root, Element } from 'hast';
import { toString } from 'hast-util-to-string';
import type { TocHeading } from '../lib/docs/toc.js';
import { exportConstNode } from './esm-export.js';

/**
 * Adds `export const toc = [{value, id, level}]` to every MDX module. Runs after rehype-slug and reads
 * the ids it assigned (github-slugger, reset per file), so TOC links always match the headings.
 * Level-1 headings are included so the page can tell whether the content brings its own title.
 */
export default function rehypeTocExport() {
  return (tree: Root) => {
    const toc: TocHeading[] = [];
    const visit = (node: Root | Element) => {
      for (const child of node.children) {
        if (child.type !== 'element') continue;
        const level = /^h([1-6])$/.exec(child.tagName)?.[1];
        const id = child.properties?.id;
        if (level && typeof id === 'string') toc.push({ value: toString(child).trim(), id, level: Number(level) });
        else visit(child);
      }
    };
    visit(tree);
    tree.children.unshift(exportConstNode('toc', toc) as unknown as Root['children'][number]);
  };
}
