import { useEffect, useId, useState } from 'react';
import { NavLink } from 'react-router';
import { Icon, isIconName } from '@/app/components/icon/icon';
import { VisuallyHidden } from '@/app/components/visually-hidden/visually-hidden';
import type { VisibleMenuItem } from '@/shared/domain/menu';

export function menuHref(path: string): string {
  return `/app/${path}`;
}

/** The item's own page, or one of its descendants', is the current page. */
export function isMenuItemActive(item: VisibleMenuItem, pathname: string): boolean {
  if (item.path) {
    const href = menuHref(item.path);
    if (pathname === href || pathname.startsWith(`${href}/`)) return true;
  }
  return (item.children ?? []).some((child) => isMenuItemActive(child, pathname));
}

interface ItemProps {
  item: VisibleMenuItem;
  depth: number;
  mini: boolean;
  pathname: string;
}

function ItemIcon({ item, depth }: { item: VisibleMenuItem; depth: number }) {
  if (depth > 0) return null;
  return <Icon name={isIconName(item.icon) ? item.icon : 'compass'} className="ic-sidebar__icon" />;
}

function BetaBadge({ item, mini }: { item: VisibleMenuItem; mini: boolean }) {
  if (!item.beta) return null;
  // spec: dashboards 2.2 — items not production ready are marked outside production.
  return mini ? (
    <VisuallyHidden>(beta)</VisuallyHidden>
  ) : (
    <span className="ic-sidebar__beta" aria-label="beta">
      Beta
    </span>
  );
}

function Label({ item, hidden }: { item: VisibleMenuItem; hidden: boolean }) {
  return hidden ? (
    <VisuallyHidden>{item.title}</VisuallyHidden>
  ) : (
    <span className="ic-sidebar__label">{item.title}</span>
  );
}

function LeafItem({ item, depth, mini }: ItemProps) {
  const iconOnly = mini && depth === 0;
  return (
    <li className="ic-sidebar__item" data-depth={depth}>
      <NavLink
        to={menuHref(item.path ?? '')}
        className={({ isActive }) =>
          `ic-sidebar__link${isActive ? ' ic-sidebar__link--active' : ''}`
        }
      >
        <ItemIcon item={item} depth={depth} />
        <Label item={item} hidden={iconOnly} />
        <BetaBadge item={item} mini={iconOnly} />
        {iconOnly ? (
          <span className="ic-sidebar__tooltip" aria-hidden="true">
            {item.title}
          </span>
        ) : null}
      </NavLink>
    </li>
  );
}

/** A parent in the full menu: its children open and close with an animated height. */
function ParentItem({ item, depth, pathname }: ItemProps) {
  const active = isMenuItemActive(item, pathname);
  const [expanded, setExpanded] = useState(active);
  const submenuId = useId();

  // Opening a page inside a closed parent (by URL, or a link elsewhere) opens the parent.
  useEffect(() => {
    if (active) setExpanded(true);
  }, [active]);

  return (
    <li className="ic-sidebar__item" data-depth={depth}>
      <button
        type="button"
        className={`ic-sidebar__link ic-sidebar__parent${active ? ' ic-sidebar__link--within' : ''}`}
        aria-expanded={expanded}
        aria-controls={submenuId}
        onClick={() => setExpanded((value) => !value)}
      >
        <ItemIcon item={item} depth={depth} />
        <Label item={item} hidden={false} />
        <BetaBadge item={item} mini={false} />
        <Icon name="chevron-down" size="sm" className="ic-sidebar__chevron" />
      </button>
      <div className="ic-sidebar__collapse" data-open={expanded} inert={!expanded}>
        <ul className="ic-sidebar__submenu" id={submenuId}>
          {item.children!.map((child) => (
            <SidebarMenuItem
              key={child.id}
              item={child}
              depth={depth + 1}
              mini={false}
              pathname={pathname}
            />
          ))}
        </ul>
      </div>
    </li>
  );
}

/**
 * A top-level parent in mini mode: an icon whose children show in a flyout on hover or
 * keyboard focus (spec: session 2 "mini mode and hover tooltips").
 */
function MiniParentItem({ item, pathname }: ItemProps) {
  const active = isMenuItemActive(item, pathname);
  const [open, setOpen] = useState(false);
  const flyoutId = useId();
  return (
    <li
      className="ic-sidebar__item ic-sidebar__item--flyout"
      data-depth={0}
      data-open={open}
      onMouseLeave={() => setOpen(false)}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setOpen(false);
      }}
    >
      <button
        type="button"
        className={`ic-sidebar__link ic-sidebar__parent${active ? ' ic-sidebar__link--within' : ''}`}
        aria-expanded={open}
        aria-controls={flyoutId}
        onClick={() => setOpen((value) => !value)}
      >
        <ItemIcon item={item} depth={0} />
        <VisuallyHidden>{item.title}</VisuallyHidden>
      </button>
      <div className="ic-sidebar__flyout" id={flyoutId}>
        <p className="ic-sidebar__flyout-title" aria-hidden="true">
          {item.title}
        </p>
        <ul className="ic-sidebar__submenu">
          {item.children!.map((child) => (
            <SidebarMenuItem
              key={child.id}
              item={child}
              depth={1}
              mini={false}
              pathname={pathname}
            />
          ))}
        </ul>
      </div>
    </li>
  );
}

export function SidebarMenuItem(props: ItemProps) {
  if (!props.item.children) return <LeafItem {...props} />;
  if (props.mini && props.depth === 0) return <MiniParentItem {...props} />;
  return <ParentItem {...props} />;
}
