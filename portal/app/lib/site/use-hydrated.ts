import { useSyncExternalStore } from 'react';

const noop = () => () => {};

/** True once the app runs in the browser after hydration (a local stand-in for remix-utils). */
export function useHydrated(): boolean {
  return useSyncExternalStore(noop, () => true, () => false);
}
