import { createElement, type KeyboardEvent, type PointerEvent } from 'react';
import { HangUpPill } from '@/app/features/call-flow/hang-up-pill';
import { LiveCallCount } from '@/app/live/live-call-count';
import { LiveProvider } from '@/app/live/live-context';
import { NotificationCenter } from '@/app/live/notification-center';
import { en } from '@/shared/i18n/en';
import type { LiveFeed } from '@/shared/live/live-feed';
import { PANEL_MAX_WIDTH, PANEL_MIN_WIDTH } from './panel-prefs';

export interface SidePanelProps {
  open: boolean;
  /** The open panel's width in px: the resize handle's value. */
  width: number;
  /** "Name · Workspace" of the signed-in user. */
  who: string;
  /** The background's live feed (issue #12): the notification centre and the call count. */
  live: LiveFeed | null;
  /** Opens an app path (a notification's action) in the standalone app. */
  onNavigate: (path: string) => void;
  /** A background notice (socket retry, errors); '' hides it. */
  notice: string;
  /**
   * The background's socket is in error (spec: session 4 Sockets, issue #28): the
   * persistent "Socket Connection Error!" until it is connected again.
   */
  socketError?: boolean;
  /** The widget elements fit for the user's role (custom element tags). */
  widgetTags: readonly string[];
  /** The live call (issue #13), or null: the hang-up button shows only while one is live. */
  call?: { callStart: string } | null;
  /** The header's hang-up: asks the page's wizard (calls.requestHangUp). */
  onHangUp?: () => void;
  /** The panel's own hang-up confirm, when no wizard took the hang-up; null: closed. */
  hangUpConfirm?: { onConfirm: () => void; onCancel: () => void } | null;
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
  width,
  who,
  live,
  onNavigate,
  notice,
  socketError = false,
  widgetTags,
  call = null,
  onHangUp,
  hangUpConfirm = null,
  onToggle,
  onResizeStart,
  onResizeKey,
}: SidePanelProps) {
  const hangUp = onHangUp ?? (() => {});
  return (
    <aside
      className="panel"
      aria-label="Intake Cockpit"
      data-open={String(open)}
      data-call={call ? 'live' : 'none'}
    >
      {/* spec 2 Top bar: the hang-up in its ongoing-call style, also on the collapsed tab. */}
      {call && !open ? (
        <span className="tab-call">
          <HangUpPill callStart={call.callStart} onHangUp={hangUp} compact />
        </span>
      ) : null}
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
        // A focusable separator is a slider for assistive technology: it says its value.
        aria-valuenow={width}
        aria-valuemin={PANEL_MIN_WIDTH}
        aria-valuemax={PANEL_MAX_WIDTH}
        aria-valuetext={`${width} pixels wide`}
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
          {call ? <HangUpPill callStart={call.callStart} onHangUp={hangUp} /> : null}
          <button
            type="button"
            className="collapse"
            // The name starts with the word shown, so speech input can say "Hide".
            aria-label="Hide the Intake Cockpit panel"
            onClick={onToggle}
          >
            Hide
          </button>
        </header>
        {socketError ? (
          <div className="socket-error" role="alert" data-testid="panel-socket-error">
            <strong>{en.SOCKET_ERROR_TITLE}</strong> {en.SOCKET_ERROR_BODY}
          </div>
        ) : null}
        <div className="notice" role="status">
          {notice}
        </div>
        {hangUpConfirm ? (
          <div
            className="hang-up-confirm"
            role="alertdialog"
            aria-labelledby="intake-panel-hang-up-title"
            aria-describedby="intake-panel-hang-up-text"
          >
            <p className="hang-up-confirm-title" id="intake-panel-hang-up-title">
              Hang up?
            </p>
            <p id="intake-panel-hang-up-text">
              The call ends for the caller and in every tab. This cannot be undone.
            </p>
            <div className="hang-up-confirm-actions">
              <button type="button" className="collapse" onClick={hangUpConfirm.onCancel}>
                Keep the call
              </button>
              <button
                type="button"
                className="hang-up-confirm-submit"
                onClick={hangUpConfirm.onConfirm}
              >
                Hang up
              </button>
            </div>
          </div>
        ) : null}
        <div className="widgets">
          {!open ? null : widgetTags.length === 0 ? (
            <p className="empty">No Intake Cockpit widgets for your role on this page.</p>
          ) : (
            // The widgets are custom elements (widgets/define-widget.ts); theme auto follows
            // the page's prefers-color-scheme; layout compact folds their filters (issue #30).
            widgetTags.map((tag) =>
              createElement(tag, { key: tag, theme: 'auto', layout: 'compact' }),
            )
          )}
        </div>
      </div>
    </aside>
  );
}
