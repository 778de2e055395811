/**
 * Docusaurus blog `readingTime`: word-like segments from `Intl.Segmenter` at a words-per-minute rate,
 * rounded to two decimals. The theme shows `Math.ceil(minutes)`.
 */
export function countWords(content: string, locale = 'en'): number {
  const segmenter = new Intl.Segmenter(locale, { granularity: 'word' });
  let words = 0;
  for (const segment of segmenter.segment(content)) if (segment.isWordLike) words += 1;
  return words;
}

export function readingTimeMinutes(content: string, options: { locale?: string; wordsPerMinute?: number } = {}): number {
  const words = countWords(content, options.locale ?? 'en');
  return Math.round((words / (options.wordsPerMinute ?? 200)) * 100) / 100;
}

/** The whole number of minutes the UI displays ("One min read" / "{n} min read"). */
export function displayedMinutes(minutes: number): number {
  return Math.max(1, Math.ceil(minutes));
}

/** Strips a leading YAML front matter block so only the post body is counted. */
export function stripFrontMatter(source: string): string {
  return source.replace(/^---\r?\n[\s\S]*?\r?\n---\r?\n?/, '');
}
