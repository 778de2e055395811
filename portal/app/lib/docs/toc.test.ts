import t from 'tap';
import { filterTOC, tocLevelsFor, treeifyTOC, type TocHeading } from './toc.js';

const h = (level: number, id: string): TocHeading => ({ value: id.toUpperCase(), id, level });
const shape = (nodes: ReturnType<typeof treeifyTOC>): unknown => nodes.map((n) => [n.id, shape(n.children)]);

const flat = [h(2, 'a'), h(3, 'a1'), h(4, 'a1x'), h(2, 'b'), h(4, 'b-deep'), h(3, 'b1'), h(5, 'b1-deep')];

t.test('treeify nests each heading under the closest lower level', async (t) => {
  t.same(shape(treeifyTOC(flat)), [
    ['a', [['a1', [['a1x', []]]]]],
    ['b', [['b-deep', []], ['b1', [['b1-deep', []]]]]],
  ]);
});

t.test('filterTOC keeps levels 2-3 by default and drops deeper headings', async (t) => {
  const filtered = filterTOC({ toc: treeifyTOC(flat), minHeadingLevel: 2, maxHeadingLevel: 3 });
  t.same(shape(filtered), [
    ['a', [['a1', []]]],
    ['b', [['b1', []]]],
  ]);
});

t.test('a dropped heading promotes its children (Docusaurus filterTOC)', async (t) => {
  const filtered = filterTOC({ toc: treeifyTOC(flat), minHeadingLevel: 3, maxHeadingLevel: 3 });
  t.same(shape(filtered), [
    ['a1', []],
    ['b1', []],
  ]);
  const onlyDeep = filterTOC({ toc: treeifyTOC([h(2, 'x'), h(4, 'y')]), minHeadingLevel: 4, maxHeadingLevel: 5 });
  t.same(shape(onlyDeep), [['y', []]]);
});

t.test('front matter overrides the site levels, invalid values fall back', async (t) => {
  const defaults = { minHeadingLevel: 2, maxHeadingLevel: 3 };
  t.same(tocLevelsFor({}, defaults), defaults);
  t.same(tocLevelsFor({ toc_max_heading_level: 5 }, defaults), { minHeadingLevel: 2, maxHeadingLevel: 5 });
  t.same(tocLevelsFor({ toc_min_heading_level: 4 }, defaults), { minHeadingLevel: 4, maxHeadingLevel: 4 });
  t.same(tocLevelsFor({ toc_min_heading_level: 1, toc_max_heading_level: '3' }, defaults), defaults);
});
