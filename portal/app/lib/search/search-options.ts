/** MiniSearch options shared by the build-time indexer and the browser, which must agree exactly. */
export const searchIndexOptions = {
  fields: ['title', 'headings', 'text'],
  storeFields: ['title', 'url', 'description'],
  searchOptions: { boost: { title: 3, headings: 2 }, prefix: true, fuzzy: 0.2 },
};

export interface SearchDocument {
  id: string;
  title: string;
  url: string;
  description: string;
  headings: string;
  text: string;
}

/** Where the index of one docs version is served from (written into build/client at build time). */
export function searchIndexUrl(versionName: string): string {
  return `/search/${encodeURIComponent(versionName)}.json`;
}
