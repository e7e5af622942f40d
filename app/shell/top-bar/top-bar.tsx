import { useState } from 'react';
import { Link, NavLink } from 'react-router';
import { useAppServices } from '@/app/app-services';
import { useHost } from '@/app/host/host';
import { savePendingWork } from '@/app/query/pending-saves';
import { Icon } from '@/app/components/icon/icon';
import { Logo } from '@/app/components/logo/logo';
import { ExtensionHandoffButton } from '@/app/features/extension-handoff/extension-handoff-button';
import { SIDEBAR_ID } from '../sidebar/sidebar';
import { setMobileMenuOpen, useSidebarStore } from '../sidebar/sidebar-store';
import { ThemeToggle } from '../theme/theme-toggle';
import { LiveCallCount } from '@/app/live/live-call-count';
import '@/app/live/live-call-count.css';
import { NotificationCenter } from '@/app/live/notification-center';
import '@/app/live/notification-center.css';
import { CallHangUpButton } from './call-hang-up-button';
import { LanguageMenu } from './language-menu';
import './top-bar.css';

export interface TopBarProps {
  /**
   * A call is in progress: the hang-up button shows. A host with calls (host.calls) needs
   * neither prop: the button follows its call (call-hang-up-button.tsx).
   */
  callOngoing?: boolean;
  onHangUp?: () => void;
}

/**
 * spec: session 2 App shell Top bar — notification centre, light/dark toggle, hang-up
 * (only during a call), logout, help (the support ticket link's page), language menu, logo; and the live
 * call count (issue #12). Both live parts read the LiveProvider's feed (app/live).
 */
export function TopBar({ callOngoing = false, onHangUp }: TopBarProps) {
  const { session } = useAppServices();
  const host = useHost();
  const mobileOpen = useSidebarStore((state) => state.mobileOpen);
  const [leaving, setLeaving] = useState(false);

  async function logout() {
    setLeaving(true);
    try {
      // What a screen holds back (the designer's autosave) goes while the session can save it.
      await savePendingWork();
      await session.logout();
    } finally {
      setLeaving(false);
      host.navigate('/login');
    }
  }

  return (
    <header className="ic-topbar">
      <button
        type="button"
        className="ic-topbar__button ic-topbar__hamburger"
        aria-label={mobileOpen ? 'Close menu' : 'Open menu'}
        aria-expanded={mobileOpen}
        aria-controls={SIDEBAR_ID}
        onClick={() => setMobileMenuOpen(!mobileOpen)}
      >
        <Icon name={mobileOpen ? 'close' : 'menu'} />
      </button>
      <Link to="/app" className="ic-topbar__home" aria-label="Intake Cockpit home">
        <Logo />
      </Link>
      <div className="ic-topbar__actions">
        {host.calls ? <CallHangUpButton calls={host.calls} /> : null}
        {!host.calls && callOngoing ? (
          <button type="button" className="ic-topbar__hangup" onClick={onHangUp}>
            <Icon name="phone-off" size="sm" />
            Hang up
          </button>
        ) : null}
        <LiveCallCount className="ic-topbar__live-calls" />
        <ExtensionHandoffButton />
        <NotificationCenter buttonClassName="ic-topbar__button" />
        <ThemeToggle className="ic-topbar__button" />
        <LanguageMenu buttonClassName="ic-topbar__button" />
        {/* issue #30: help is a page (the contact and the documents), not a mail client. */}
        <NavLink
          to="/app/help"
          className="ic-topbar__button"
          aria-label="Help and support"
          title="Help and support"
        >
          <Icon name="question" />
        </NavLink>
        <span className="ic-topbar__divider" aria-hidden="true" />
        <button
          type="button"
          className="ic-topbar__logout"
          aria-label="Log out"
          onClick={() => void logout()}
          disabled={leaving}
        >
          <Icon name="logout" size="sm" />
          <span className="ic-topbar__logout-text">{leaving ? 'Logging out…' : 'Log out'}</span>
        </button>
      </div>
    </header>
  );
}
