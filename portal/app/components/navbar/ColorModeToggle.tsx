import { useEffect, useState } from 'react';
import { translate } from '../../i18n/strings.js';
import { THEME_STORAGE_KEY } from '../../lib/site/theme-script.js';

type Mode = 'light' | 'dark';

/** Reads the mode the inline script chose after mount; a click flips it and remembers the choice. */
export function ColorModeToggle() {
  const [mode, setMode] = useState<Mode>('light');
  useEffect(() => {
    setMode(document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light');
  }, []);
  const toggle = () => {
    const next: Mode = mode === 'dark' ? 'light' : 'dark';
    document.documentElement.setAttribute('data-theme', next);
    document.documentElement.setAttribute('data-theme-choice', next);
    try {
      window.localStorage.setItem(THEME_STORAGE_KEY, next);
    } catch {
      // storage disabled: the mode applies to this page only
    }
    setMode(next);
  };
  const label = translate('theme.colorToggle.ariaLabel', {
    mode: translate(mode === 'dark' ? 'theme.colorToggle.ariaLabel.mode.dark' : 'theme.colorToggle.ariaLabel.mode.light'),
  });
  return (
    <button type="button" className="clean-btn color-mode-toggle" title={label} aria-label={label} aria-live="polite" onClick={toggle}>
      <span aria-hidden="true">{mode === 'dark' ? '☾' : '☀'}</span>
    </button>
  );
}
