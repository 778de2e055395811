/**
 * Runs before first paint (first in <head>), like Docusaurus `getThemeInlineScript`: the theme comes
 * from `?docusaurus-theme=`, then localStorage `theme`, then the default. There is deliberately no
 * `prefers-color-scheme` lookup: respectPrefersColorScheme is false, so the system setting is ignored.
 */
export const THEME_STORAGE_KEY = 'theme';

export function themeInlineScript(defaultMode: 'light' | 'dark'): string {
  return `(function(){var d=${JSON.stringify(defaultMode)};function q(){try{return new URLSearchParams(window.location.search).get('docusaurus-theme')}catch(e){}}function s(){try{return window.localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)})}catch(e){}}var t=q()||s();var m=t==='dark'||t==='light'?t:d;document.documentElement.setAttribute('data-theme',m);document.documentElement.setAttribute('data-theme-choice',m);})();`;
}
