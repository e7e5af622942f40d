import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { useLookup } from '@/app/query/use-lookup';
import { useHost } from '@/app/host/host';
import { Icon } from '@/app/components/icon/icon';
import { VisuallyHidden } from '@/app/components/visually-hidden/visually-hidden';
import { editionLabel } from '@/shared/domain/editions';
import type { MenuItem } from '@/shared/contracts/menu';
import { APP_MENU, visibleMenu } from '@/shared/domain/menu';
import { effectiveEdition } from '@/shared/domain/route-access';
import { APP_VERSION } from '../app-version';
import { ProfileMenu } from './profile-menu';
import { SidebarMenuItem } from './sidebar-menu-item';
import {
  MINI_MENU_QUERY,
  MOBILE_MENU_QUERY,
  setManualMini,
  sidebarMode,
  useSidebarStore,
} from './sidebar-store';
import { useMediaQuery } from './use-media-query';
import './sidebar.css';

export const SIDEBAR_ID = 'ic-sidebar';

export interface SidebarProps {
  /** A production build hides items not production ready (spec: dashboards 2.2). */
  production?: boolean;
  /** The menu to show: the app's (tests give their own). */
  menu?: readonly MenuItem[];
}

/**
 * spec: session 2 App shell Sidebar — the visible menu, mini mode (automatic at 1024px or
 * less, or the stored manual choice), mobile menu at 991px or less, the edition badge,
 * "Optimization Software", the version and the profile dropdown.
 */
export function Sidebar({ production = import.meta.env.PROD, menu = APP_MENU }: SidebarProps) {
  const { session, storage } = useHost();
  const { pathname } = useLocation();
  // spec: session 4 step 5 — non-system users of a workspace get the lookups; the coaching
  // menu's categories come from the host's cached lookup (fetched when first needed).
  const coaching = useLookup(
    'coachingMenu',
    session.user !== null && session.user.role !== 'system' && session.workspace !== null,
  );
  const coachingCategories = coaching.items;
  const manualMini = useSidebarStore((state) => state.manualMini);
  const mobileOpen = useSidebarStore((state) => state.mobileOpen);
  const narrow = useMediaQuery(MINI_MENU_QUERY);
  const mobile = useMediaQuery(MOBILE_MENU_QUERY);
  const mode = sidebarMode({ narrow, mobile, manualMini });
  const mini = mode === 'mini';

  const { user, workspace } = session;
  const items = useMemo(
    () => (user ? visibleMenu(menu, { user, workspace, coachingCategories, production }) : []),
    [menu, user, workspace, coachingCategories, production],
  );
  if (!user) return null;
  const edition = effectiveEdition(user, workspace);
  const hiddenOffCanvas = mode === 'mobile' && !mobileOpen;

  return (
    <aside
      id={SIDEBAR_ID}
      className="ic-sidebar"
      data-mode={mode}
      data-open={mode === 'mobile' ? mobileOpen : undefined}
      aria-label="Sidebar"
      inert={hiddenOffCanvas}
    >
      <ProfileMenu user={user} mini={mini} />
      <nav className="ic-sidebar__nav" aria-label="Main menu">
        {items.length > 0 ? (
          <ul className="ic-sidebar__menu">
            {items.map((item) => (
              <SidebarMenuItem
                key={item.id}
                item={item}
                depth={0}
                mini={mini}
                pathname={pathname}
              />
            ))}
          </ul>
        ) : (
          <p className="ic-sidebar__empty">Your pages are in your profile menu above.</p>
        )}
      </nav>
      <div className="ic-sidebar__footer">
        {edition ? (
          <span className="ic-sidebar__edition" title={`${editionLabel(edition)} edition`}>
            {mini ? editionLabel(edition).charAt(0) : `${editionLabel(edition)} edition`}
          </span>
        ) : null}
        {mini ? null : <p className="ic-sidebar__tagline">Optimization Software</p>}
        <p className="ic-sidebar__version" aria-label={`Version ${APP_VERSION}`}>
          v{APP_VERSION}
        </p>
        {mode === 'mobile' ? null : (
          <button
            type="button"
            className="ic-sidebar__toggle"
            aria-pressed={mini}
            disabled={narrow}
            title={
              narrow
                ? 'The menu stays compact on narrow windows'
                : mini
                  ? 'Expand menu'
                  : 'Collapse menu'
            }
            onClick={() => void setManualMini(!manualMini, storage)}
          >
            <Icon name={mini ? 'chevrons-right' : 'chevrons-left'} size="sm" />
            {mini ? <VisuallyHidden>Compact menu</VisuallyHidden> : <span>Compact menu</span>}
          </button>
        )}
      </div>
    </aside>
  );
}
