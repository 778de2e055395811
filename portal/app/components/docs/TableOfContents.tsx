import { useState } from 'react';
import { translate } from '../../i18n/strings.js';
import type { TocTreeNode } from '../../lib/docs/toc.js';

function TocList({ toc, className }: { toc: readonly TocTreeNode[]; className?: string }) {
  return (
    <ul className={className}>
      {toc.map((node) => (
        <li key={node.id}>
          <a href={`#${node.id}`} className="table-of-contents__link">
            {node.value}
          </a>
          {node.children.length > 0 && <TocList toc={node.children} />}
        </li>
      ))}
    </ul>
  );
}

/** Right-hand TOC on desktop (and during SSR). */
export function TableOfContents({ toc }: { toc: readonly TocTreeNode[] }) {
  return (
    <div className="theme-doc-toc-desktop">
      <TocList toc={toc} className="table-of-contents" />
    </div>
  );
}

/** Collapsible "On this page" block shown above the content on mobile. */
export function TOCCollapsible({ toc }: { toc: readonly TocTreeNode[] }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="theme-doc-toc-mobile">
      <button type="button" className="clean-btn toc-collapsible-button" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        {translate('theme.TOCCollapsible.toggleButtonLabel')}
      </button>
      {open && <TocList toc={toc} className="table-of-contents" />}
    </div>
  );
}
