import { useSyncExternalStore } from 'react';
import { windowSizeFor, type WindowSize } from './breakpoint.js';

const subscribe = (onChange: () => void) => {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
};

/** 'ssr' on the server and during hydration (desktop variants render then), then 'desktop' or 'mobile'. */
export function useWindowSize(): WindowSize {
  return useSyncExternalStore<WindowSize>(subscribe, () => windowSizeFor(window.innerWidth), () => 'ssr');
}
