import { useEffect, useId, useRef, useState } from 'react';
import { Icon } from '@/app/components/icon/icon';
import './conversion-help.css';

/**
 * The help popup of the conversion report (spec: dashboards 2.7): what the snapshot and
 * the conversion perspectives count. Closes on Escape, on the close button and on a press
 * outside (compared by composedPath, so it also works inside a shadow root).
 */
export function ConversionHelp() {
  const id = useId();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    closeRef.current?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (rootRef.current && !event.composedPath().includes(rootRef.current)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  function close() {
    setOpen(false);
    triggerRef.current?.focus();
  }

  return (
    <div
      className="ic-conversion-help"
      ref={rootRef}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          close();
        }
      }}
    >
      <button
        ref={triggerRef}
        type="button"
        className="ic-conversion-help__trigger"
        aria-expanded={open}
        aria-controls={`${id}-dialog`}
        onClick={() => (open ? close() : setOpen(true))}
      >
        <Icon name="question" size="sm" />
        How are these counted?
      </button>
      {open ? (
        <div
          id={`${id}-dialog`}
          className="ic-conversion-help__dialog"
          role="dialog"
          aria-labelledby={`${id}-title`}
        >
          <div className="ic-conversion-help__head">
            <h2 className="ic-conversion-help__title" id={`${id}-title`}>
              Two ways to count your funnel
            </h2>
            <button
              ref={closeRef}
              type="button"
              className="ic-conversion-help__close"
              aria-label="Close help"
              onClick={close}
            >
              <Icon name="close" size="sm" />
            </button>
          </div>
          <dl className="ic-conversion-help__list">
            <dt>Snapshot perspective</dt>
            <dd>
              Counts the appointments set, the people who showed and the hires made in the period,
              by when they happened, whenever those people first became leads.
            </dd>
            <dt>Conversion perspective</dt>
            <dd>
              Counts only the people who entered the pipeline within the chosen range, and follows
              what became of them: how many of those leads went on to show, hire and file.
            </dd>
          </dl>
          <p className="ic-conversion-help__note">
            Choose the perspective in the filters above; pick a card to list its contacts.
          </p>
        </div>
      ) : null}
    </div>
  );
}
