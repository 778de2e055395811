import { useSyncExternalStore } from 'react';
import { isSlowConnection, type ConnectionLike } from './slow-connection.js';

const noop = () => () => {};

/** False on the server and during hydration; afterwards false only on 2g or save-data connections. */
export function usePrefetchAllowed(): boolean {
  return useSyncExternalStore(
    noop,
    () => !isSlowConnection((navigator as Navigator & { connection?: ConnectionLike }).connection),
    () => false,
  );
}
