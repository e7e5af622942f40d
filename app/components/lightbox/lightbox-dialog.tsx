import { useId, useRef, useState } from 'react';
import { useModalFocus } from '@/app/components/dialog/use-modal-focus';
import { createPortal } from 'react-dom';
import { Button } from '../button/button';
import { Modal } from '../dialog/modal';
import { Icon } from '../icon/icon';
import './lightbox-dialog.css';

/** spec: session 2 Dialogs — "source youtube as an embedded frame, or s3 as a video". */
export type LightboxSource =
  { kind: 'youtube'; embedUrl: string } | { kind: 'video'; src: string; type?: string };

export interface LightboxDialogProps {
  /** Announced as the dialog's name and shown as its heading. */
  title: string;
  source: LightboxSource;
  onClose: () => void;
  /** Where it renders (a widget's shadow root); default the document's body. */
  container?: Element;
}

export const VIDEO_FAILED_TEXT =
  'This video could not be played. Reload the page and try again; if it still fails, the file may have been removed.';

/**
 * The image-or-video lightbox: a modal dialog named by its title, focus moved in (to
 * Close), kept in with Tab, Esc or a click on the backdrop closes it, and the focus goes
 * back to what opened it. A YouTube video plays in an embedded frame, an uploaded file in
 * a <video> element.
 */
export function LightboxDialog({ title, source, onClose, container }: LightboxDialogProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const [failed, setFailed] = useState(false);

  const onKeyDown = useModalFocus({ dialogRef, initialFocusRef: closeRef, onEscape: onClose });

  return createPortal(
    <Modal
      className="ic-lightbox"
      boxClassName="ic-lightbox__dialog"
      boxRef={dialogRef}
      onKeyDown={onKeyDown}
      onBackdropClick={onClose}
      labelledBy={titleId}
    >
      <header className="ic-lightbox__header">
        <h2 className="ic-lightbox__title" id={titleId}>
          {title}
        </h2>
        <Button ref={closeRef} variant="ghost" onClick={onClose} aria-label="Close video">
          <Icon name="close" size="sm" />
          <span>Close</span>
        </Button>
      </header>
      <div className="ic-lightbox__frame">
        {source.kind === 'youtube' ? (
          <iframe
            className="ic-lightbox__media"
            src={source.embedUrl}
            title={`${title} (YouTube video)`}
            allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; fullscreen"
            allowFullScreen
            // The app sends no Referer; YouTube's player needs the origin to play.
            referrerPolicy="strict-origin-when-cross-origin"
          />
        ) : failed ? (
          <p className="ic-lightbox__failed" role="alert">
            {VIDEO_FAILED_TEXT}
          </p>
        ) : (
          <video
            className="ic-lightbox__media"
            controls
            preload="metadata"
            aria-label={title}
            onError={() => setFailed(true)}
          >
            <source src={source.src} type={source.type} onError={() => setFailed(true)} />
          </video>
        )}
      </div>
    </Modal>,
    container ?? document.body,
  );
}
