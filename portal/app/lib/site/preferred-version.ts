import { useSyncExternalStore } from 'react';

/** Docusaurus key for the default docs plugin; the value is the version name (`current` for Next). */
export const PREFERRED_VERSION_KEY = 'docs-preferred-version-default';

const listeners = new Set<() => void>();

function read(): string | null {
  try {
    return window.localStorage.getItem(PREFERRED_VERSION_KEY);
  } catch {
    return null; // storage disabled: behave as if nothing was chosen
  }
}

/** Saved only on an explicit choice (version dropdown or the banner's "latest version" link). */
export function savePreferredVersion(versionName: string): void {
  try {
    window.localStorage.setItem(PREFERRED_VERSION_KEY, versionName);
  } catch {
    // storage disabled: the choice simply is not remembered
  }
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
};

/** Null on the server and during hydration, so SSR markup never depends on storage. */
export function usePreferredVersionName(): string | null {
  return useSyncExternalStore(subscribe, read, () => null);
}
