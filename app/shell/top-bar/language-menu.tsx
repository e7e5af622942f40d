import { useId } from 'react';
import { Icon } from '@/app/components/icon/icon';
import { useDismissable } from '@/app/components/popover/use-dismissable';
import '@/app/components/popover/popover.css';

// spec: session 2 Top bar / dashboards 1 — the interface language is English only.
const LANGUAGES = [{ key: 'en', label: 'English' }] as const;

export function LanguageMenu({ buttonClassName }: { buttonClassName?: string }) {
  const { open, toggle, close, containerRef, triggerRef } = useDismissable();
  const menuId = useId();
  return (
    <div className="ic-topbar__popover-anchor" ref={containerRef}>
      <button
        ref={triggerRef}
        type="button"
        className={buttonClassName}
        // Its name starts with the code it shows ("EN"), so speech input can say what is
        // seen (axe's label-content-name-mismatch ignores words in parentheses).
        aria-label="EN — Language: English"
        title="Language"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={toggle}
      >
        <Icon name="globe" />
        <span className="ic-topbar__language-code" aria-hidden="true">
          EN
        </span>
      </button>
      {open ? (
        <div className="ic-popover ic-popover--end" id={menuId}>
          <h2 className="ic-popover__title">Language</h2>
          <ul className="ic-popover__list">
            {LANGUAGES.map((language) => (
              <li key={language.key}>
                <button
                  type="button"
                  className="ic-popover__item"
                  aria-current="true"
                  onClick={() => close(true)}
                >
                  {language.label}
                  <span className="ic-popover__item-end">
                    <Icon name="check" size="sm" />
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
