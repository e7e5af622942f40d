import { useEffect, useRef, type MouseEvent } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { ProgressBar } from '../request-loader/request-loader';
import { Sidebar } from '../sidebar/sidebar';
import { MOBILE_MENU_QUERY, setMobileMenuOpen, useSidebarStore } from '../sidebar/sidebar-store';
import { useMediaQuery } from '../sidebar/use-media-query';
import { TopBar } from '../top-bar/top-bar';
import { WaitingCallBanner } from './waiting-call-banner';
import './app-layout.css';

export const MAIN_CONTENT_ID = 'ic-main';

/** The last path the layout showed in this tab (null before its first page). */
let shownPath: string | null = null;

/** spec: session 2 — app: the main layout (sidebar, top bar, content area). */
export function AppLayout() {
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const mobile = useMediaQuery(MOBILE_MENU_QUERY);
  const mobileOpen = useSidebarStore((state) => state.mobileOpen);
  const mainRef = useRef<HTMLElement>(null);

  // The mobile menu closes when a page is chosen and when the window leaves the mobile layout.
  useEffect(() => {
    setMobileMenuOpen(false);
  }, [pathname, mobile]);

  // A page that replaces the control holding the focus (Finish at the end of an intake,
  // say) would leave the focus on the body: it goes to the new page's content instead,
  // where a screen reader reads on (issue #30). A focus still on a control stays there.
  // The first page keeps the browser's start (the skip link comes first). Module-wide: a
  // redirect outside the layout (/app → the landing page) mounts it again.
  useEffect(() => {
    const first = shownPath === null;
    if (shownPath === pathname) return;
    shownPath = pathname;
    if (first) return;
    const active = document.activeElement;
    if (active && active !== document.body) return;
    mainRef.current?.focus();
  }, [pathname]);

  useEffect(() => {
    if (!mobileOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMobileMenuOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [mobileOpen]);

  function skipToContent(event: MouseEvent<HTMLAnchorElement>) {
    // Focus the content without touching the URL (a hash would confuse the router).
    event.preventDefault();
    mainRef.current?.focus();
  }

  return (
    <div className="ic-app">
      <a className="ic-app__skip-link" href={`#${MAIN_CONTENT_ID}`} onClick={skipToContent}>
        Skip to content
      </a>
      {navigation.state === 'loading' ? <ProgressBar label="Loading page" /> : null}
      <TopBar />
      <WaitingCallBanner />
      <div className="ic-app__body">
        <Sidebar />
        {mobile && mobileOpen ? (
          <div
            className="ic-app__overlay"
            aria-hidden="true"
            onClick={() => setMobileMenuOpen(false)}
          />
        ) : null}
        <main id={MAIN_CONTENT_ID} ref={mainRef} className="ic-app__main" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}
