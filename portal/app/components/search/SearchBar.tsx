import { useEffect, useRef, useState } from 'react';
import type MiniSearch from 'minisearch';
import { translate } from '../../i18n/strings.js';
import { searchIndexOptions, searchIndexUrl } from '../../lib/search/search-options.js';
import { DocLink } from '../DocLink.js';

interface Hit {
  id: string;
  title: string;
  url: string;
  description: string;
}

/**
 * Local docs search over an index built at build time. MiniSearch and the index are fetched only when
 * the field is first focused, so pages that never search ship none of it.
 */
export function SearchBar({ versionName }: { versionName: string }) {
  const [query, setQuery] = useState('');
  const [index, setIndex] = useState<MiniSearch | null>(null);
  const [failed, setFailed] = useState(false);
  const loadedFor = useRef<string | null>(null);
  useEffect(() => setIndex(null), [versionName]);
  const ensureIndex = () => {
    if (loadedFor.current === versionName && index) return;
    loadedFor.current = versionName;
    Promise.all([import('minisearch'), fetch(searchIndexUrl(versionName)).then((r) => (r.ok ? r.text() : Promise.reject(new Error(r.statusText))))])
      .then(([{ default: MiniSearchClass }, json]) => setIndex(MiniSearchClass.loadJSON(json, searchIndexOptions)))
      .catch(() => setFailed(true));
  };
  const hits = index && query.trim().length > 1 ? (index.search(query) as unknown as Hit[]).slice(0, 8) : [];
  return (
    <div className="navbar__search" role="search">
      <input
        type="search"
        className="navbar__search-input"
        placeholder={translate('theme.SearchBar.placeholder')}
        aria-label={translate('theme.SearchBar.label')}
        value={query}
        onFocus={ensureIndex}
        onChange={(e) => setQuery(e.target.value)}
      />
      {query.trim().length > 1 && (index || failed) && (
        <ul className="search-results">
          {hits.length === 0 && <li className="search-results__empty">{translate('theme.SearchPage.noResultsText')}</li>}
          {hits.map((hit) => (
            <li key={hit.id}>
              <DocLink to={hit.url} onClick={() => setQuery('')}>
                <strong>{hit.title}</strong>
                <span>{hit.description}</span>
              </DocLink>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
