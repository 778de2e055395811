import t from 'tap';
import { countWords, displayedMinutes, readingTimeMinutes, stripFrontMatter } from './reading-time.js';

t.test('words are word-like Intl.Segmenter segments', async (t) => {
  t.equal(countWords('Hello, world! It is 2025.'), 5);
  t.equal(countWords('  — ... !!! '), 0);
  t.equal(countWords("don't stop"), 2);
});

t.test('minutes at 200 words per minute, rounded to two decimals', async (t) => {
  const words = (n: number) => Array.from({ length: n }, () => 'word').join(' ');
  t.equal(readingTimeMinutes(words(200)), 1);
  t.equal(readingTimeMinutes(words(333)), 1.67);
  t.equal(readingTimeMinutes(words(100), { wordsPerMinute: 50 }), 2);
  t.equal(readingTimeMinutes(''), 0);
});

t.test('the theme shows whole minutes, at least one', async (t) => {
  t.equal(displayedMinutes(0), 1);
  t.equal(displayedMinutes(1), 1);
  t.equal(displayedMinutes(1.01), 2);
});

t.test('front matter is not counted', async (t) => {
  const source = '---\ntitle: A long title with many words\ntags: [a, b]\n---\nBody text here.';
  t.equal(stripFrontMatter(source), 'Body text here.');
  t.equal(countWords(stripFrontMatter(source)), 3);
  t.equal(stripFrontMatter('No front matter'), 'No front matter');
});
