import t from 'tap';
import { formatPostDate, groupPostsByYear, parseBlogFileName, sortPosts, yearOf } from './posts.js';

t.test('file names carry the date and the slug', async (t) => {
  t.same(parseBlogFileName('/content/blog/2025-06-30-introducing-ligature-2-0.mdx'), { date: '2025-06-30', slug: 'introducing-ligature-2-0' });
  t.equal(parseBlogFileName('/content/blog/introducing.mdx'), null);
});

t.test('the year is the calendar year, independent of the time zone', async (t) => {
  const saved = process.env.TZ;
  process.env.TZ = 'America/Los_Angeles';
  t.teardown(() => {
    process.env.TZ = saved;
  });
  t.equal(yearOf('2024-01-01'), '2024');
  t.equal(yearOf('2023-12-31'), '2023');
  t.equal(formatPostDate('2024-01-01'), 'January 1, 2024');
});

t.test('posts group by year, newest year and newest post first', async (t) => {
  const posts = [
    { slug: 'a', date: '2024-03-01' },
    { slug: 'b', date: '2025-01-01' },
    { slug: 'c', date: '2024-01-01' },
    { slug: 'd', date: '2025-10-14' },
  ];
  t.same(
    groupPostsByYear(posts).map(([year, ps]) => [year, ps.map((p) => p.slug)]),
    [
      ['2025', ['d', 'b']],
      ['2024', ['a', 'c']],
    ],
  );
  t.same(sortPosts([{ slug: 'z', date: '2025-01-01' }, { slug: 'y', date: '2025-01-01' }]).map((p) => p.slug), ['y', 'z']);
});
