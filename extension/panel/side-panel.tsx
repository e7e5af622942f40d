import { createElement, type KeyboardEvent, type PointerEvent } from 'react';
import { LiveCallCount } from '@/app/live/live-call-count';
import { LiveProvider } from '@/app/live/live-context';
import { NotificationCenter } from '@/app/live/notification-center';
import type { LiveFeed } from '@/shared/live/live-feed';

export interface SidePanelProps {
  open: boolean;
  /** "Name · Workspace" of the signed-in user. */
  who: string;
  /** The background's live feed (issue #12): the notification centre and the call count. */
  live: LiveFeed | null;
  /** Opens an app path (a notification's action) in the standalone app. */
  onNavigate: (path: string) => void;
  /** A background notice (socket retry, errors); '' hides it. */
  notice: string;
  /** The widget elements fit for the user's role (custom element tags). */
  widgetTags: readonly string[];
  onToggle: () => void;
  onResizeStart: (event: PointerEvent<HTMLDivElement>) => void;
  onResizeKey: (event: KeyboardEvent<HTMLDivElement>) => void;
}

/**
 * The side panel on CRM pages (extension/panel/mount-panel.ts mounts it in a closed
 * shadow root): a tab to open and close it, a resize handle, and a header over the
 * widgets of the user's role. Widgets are only there while open, so a collapsed panel
 * costs the page nothing.
 */
export function SidePanel({
  open,
  who,
  live,
  onNavigate,
  notice,
  widgetTags,
  onToggle,
  onResizeStart,
  onResizeKey,
}: SidePanelProps) {
  return (
    <aside className="panel" aria-label="Intake Cockpit" data-open={String(open)}>
      <button
        type="button"
        className="tab"
        aria-controls="intake-panel-body"
        aria-expanded={open}
        title={open ? 'Collapse Intake Cockpit' : 'Open Intake Cockpit'}
        onClick={onToggle}
      >
        Intake Cockpit
      </button>
      <div
        className="resize"
        role="separator"
        aria-orientation="vertical"
        aria-label="Resize the Intake Cockpit panel"
        tabIndex={0}
        onPointerDown={onResizeStart}
        // Capture: a keydown dispatched without bubbling (a script, a test) still reaches it.
        onKeyDownCapture={onResizeKey}
      />
      <div className="body" id="intake-panel-body">
        <header>
          <span className="title">Intake Cockpit</span>
          <span className="who">{who}</span>
          {/* spec: session 2 Top bar, 4 Sockets — the same notification centre and live call
              count as the app's top bar, over the background's one feed. The page's document
              sees a press inside this closed root as a press on the host, which the centre
              would take for a press outside it and close: presses here stay in the root. */}
          <div className="live" onPointerDown={(event) => event.stopPropagation()}>
            <LiveProvider feed={live}>
              <LiveCallCount />
              <NotificationCenter buttonClassName="bell" onNavigate={onNavigate} />
            </LiveProvider>
          </div>
          <button
            type="button"
            className="collapse"
            aria-label="Collapse the Intake Cockpit panel"
            onClick={onToggle}
          >
            Hide
          </button>
        </header>
        <div className="notice" role="status">
          {notice}
        </div>
        <div className="widgets">
          {!open ? null : widgetTags.length === 0 ? (
            <p className="empty">No Intake Cockpit widgets for your role on this page.</p>
          ) : (
            // The widgets are custom elements (widgets/define-widget.ts); theme auto follows
            // the page's prefers-color-scheme.
            widgetTags.map((tag) => createElement(tag, { key: tag, theme: 'auto' }))
          )}
        </div>
      </div>
    </aside>
  );
}
