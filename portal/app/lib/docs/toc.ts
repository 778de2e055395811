/** Table-of-contents helpers ported from Docusaurus theme-common `tocUtils` (treeify + filterTOC). */

export interface TocHeading {
  value: string;
  id: string;
  level: number;
}

export interface TocTreeNode extends TocHeading {
  children: TocTreeNode[];
}

/** Builds a tree where each heading's parent is the closest previous heading of a lower level. */
export function treeifyTOC(flat: readonly TocHeading[]): TocTreeNode[] {
  const roots: TocTreeNode[] = [];
  const stack: TocTreeNode[] = [];
  for (const heading of flat) {
    const node: TocTreeNode = { ...heading, children: [] };
    while (stack.length > 0 && stack[stack.length - 1]!.level >= node.level) stack.pop();
    const parent = stack[stack.length - 1];
    if (parent) parent.children.push(node);
    else roots.push(node);
    stack.push(node);
  }
  return roots;
}

/**
 * Keeps headings with minHeadingLevel <= level <= maxHeadingLevel. A dropped heading's children are
 * promoted to its place, exactly like Docusaurus's `filterTOC`.
 */
export function filterTOC(options: { toc: readonly TocTreeNode[]; minHeadingLevel: number; maxHeadingLevel: number }): TocTreeNode[] {
  const { minHeadingLevel, maxHeadingLevel } = options;
  return options.toc.flatMap((node) => {
    const children = filterTOC({ toc: node.children, minHeadingLevel, maxHeadingLevel });
    if (node.level >= minHeadingLevel && node.level <= maxHeadingLevel) return [{ ...node, children }];
    return children;
  });
}

export interface TocLevels {
  minHeadingLevel: number;
  maxHeadingLevel: number;
}

/** Front matter `toc_min_heading_level` / `toc_max_heading_level` override the site defaults. */
export function tocLevelsFor(frontMatter: Record<string, unknown>, defaults: TocLevels): TocLevels {
  const pick = (value: unknown, fallback: number) =>
    typeof value === 'number' && Number.isInteger(value) && value >= 2 && value <= 6 ? value : fallback;
  const minHeadingLevel = pick(frontMatter.toc_min_heading_level, defaults.minHeadingLevel);
  const maxHeadingLevel = pick(frontMatter.toc_max_heading_level, defaults.maxHeadingLevel);
  return { minHeadingLevel, maxHeadingLevel: Math.max(minHeadingLevel, maxHeadingLevel) };
}
