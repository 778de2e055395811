import { useEffect, useState } from 'react';
import { translate } from '../../i18n/strings.js';
import { containsHref, firstHref, type SidebarItem } from '../../lib/docs/sidebar.js';
import { DocLink } from '../DocLink.js';

interface ItemsProps {
  items: readonly SidebarItem[];
  activeHref: string;
  onPrefetch?: (to: string) => void;
}

/**
 * One category. Its open state is its own `useState`: nothing coordinates siblings, so opening one
 * category never collapses another (autoCollapseCategories: false). It opens when it contains the page.
 */
function SidebarCategory({ item, activeHref, onPrefetch }: { item: Extract<SidebarItem, { type: 'category' }> } & Omit<ItemsProps, 'items'>) {
  const active = containsHref(item, activeHref);
  const [collapsed, setCollapsed] = useState(item.collapsed && !active);
  useEffect(() => {
    if (active) setCollapsed(false);
  }, [active, activeHref]);
  const href = item.href ?? firstHref(item) ?? '#';
  return (
    <li className={`menu__list-item${collapsed ? ' menu__list-item--collapsed' : ''}`}>
      <div className="menu__list-item-collapsible">
        <DocLink
          to={href}
          className={`menu__link menu__link--sublist${item.href === activeHref ? ' menu__link--active' : ''}`}
          aria-current={item.href === activeHref ? 'page' : undefined}
          onPrefetch={onPrefetch}
          onClick={() => {
            if (!item.href) setCollapsed((c) => !c);
          }}
        >
          {item.label}
        </DocLink>
        <button
          type="button"
          className="clean-btn menu__caret"
          aria-expanded={!collapsed}
          aria-label={translate('theme.DocSidebarItem.toggleCollapsedCategoryAriaLabel', { label: item.label })}
          onClick={() => setCollapsed((c) => !c)}
        />
      </div>
      {!collapsed && <SidebarItems items={item.items} activeHref={activeHref} onPrefetch={onPrefetch} />}
    </li>
  );
}

export function SidebarItems({ items, activeHref, onPrefetch }: ItemsProps) {
  return (
    <ul className="menu__list">
      {items.map((item) =>
        item.type === 'category' ? (
          <SidebarCategory key={`c:${item.label}:${item.href ?? ''}`} item={item} activeHref={activeHref} onPrefetch={onPrefetch} />
        ) : (
          <li key={item.href} className="menu__list-item">
            <DocLink
              to={item.href}
              className={`menu__link${item.href === activeHref ? ' menu__link--active' : ''}`}
              aria-current={item.href === activeHref ? 'page' : undefined}
              onPrefetch={onPrefetch}
            >
              {item.label}
            </DocLink>
          </li>
        ),
      )}
    </ul>
  );
}

/** The desktop sidebar. There is deliberately no collapse-sidebar button (hideable: false). */
export function DocSidebar(props: ItemsProps) {
  return (
    <aside className="theme-doc-sidebar-container">
      <nav className="menu thin-scrollbar" aria-label={translate('theme.docs.sidebar.navAriaLabel')}>
        <SidebarItems {...props} />
      </nav>
    </aside>
  );
}
