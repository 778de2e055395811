import { useEffect, useRef, useState, type ReactNode } from 'react';

/** Navbar dropdown: opens on hover (CSS) and on click, closes on outside click or Escape. */
export function Dropdown({ label, ariaLabel, children, className = '' }: { label: ReactNode; ariaLabel: string; children: ReactNode; className?: string }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !ref.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);
  return (
    <div ref={ref} className={`navbar__item dropdown dropdown--hoverable dropdown--right${open ? ' dropdown--show' : ''} ${className}`}>
      <button type="button" className="clean-btn navbar__link dropdown__toggle" aria-haspopup="true" aria-expanded={open} aria-label={ariaLabel} onClick={() => setOpen((o) => !o)}>
        {label}
      </button>
      <ul className="dropdown__menu" onClick={() => setOpen(false)}>
        {children}
      </ul>
    </div>
  );
}
