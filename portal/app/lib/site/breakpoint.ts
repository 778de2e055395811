/**
 * Desktop if and only if `window.innerWidth > DESKTOP_BREAKPOINT` (Docusaurus `useWindowSize`).
 * CSS uses `max-width: 996px` / `min-width: 997px`; breakpoint.test.ts keeps the two in step.
 */
export const DESKTOP_BREAKPOINT = 996;

export type WindowSize = 'desktop' | 'mobile' | 'ssr';

export function windowSizeFor(innerWidth: number): Exclude<WindowSize, 'ssr'> {
  return innerWidth > DESKTOP_BREAKPOINT ? 'desktop' : 'mobile';
}
