import t from 'tap';
import * as runtime from 'react/jsx-runtime';
import { evaluate } from '@mdx-js/mdx';
import rehypeSlug from 'rehype-slug';
import rehypeTocExport from './rehype-toc-export.js';
import remarkReadingTimeExport from './remark-reading-time-export.js';

const source = `# Page title

## Getting \`started\`

### Details

#### Deep

## Getting started
`;

t.test('exports the headings with the ids rehype-slug gave them', async (t) => {
  const module = await evaluate(source, { ...runtime, rehypePlugins: [rehypeSlug, rehypeTocExport] });
  t.same(module.toc, [
    { value: 'Page title', id: 'page-title', level: 1 },
    { value: 'Getting started', id: 'getting-started', level: 2 },
    { value: 'Details', id: 'details', level: 3 },
    { value: 'Deep', id: 'deep', level: 4 },
    { value: 'Getting started', id: 'getting-started-1', level: 2 },
  ]);
  const again = await evaluate(source, { ...runtime, rehypePlugins: [rehypeSlug, rehypeTocExport] });
  t.equal((again.toc as { id: string }[])[1]!.id, 'getting-started', 'the slugger is reset per file');
});

t.test('exports the reading time of the source without front matter', async (t) => {
  const words = Array.from({ length: 400 }, () => 'word').join(' ');
  const module = await evaluate(`---\ntitle: ignored words here\n---\n\n${words}\n`, {
    ...runtime,
    remarkPlugins: [[remarkReadingTimeExport, { locale: 'en', wordsPerMinute: 200 }]],
  });
  t.equal(module.readingTime, 2);
});
