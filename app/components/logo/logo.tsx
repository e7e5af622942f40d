import { useThemeStore } from '@/app/styles/theme-store';
import { VisuallyHidden } from '@/app/components/visually-hidden/visually-hidden';
import './logo.css';

/**
 * The product logo, drawn inline: a cockpit gauge whose needle points up a funnel line.
 * spec: session 2 Top bar — a light or dark logo: the mark and wordmark take the
 * theme's colours (data-variant says which one shows).
 */
export function Logo({
  size = 'md',
  showWordmark = true,
}: {
  size?: 'md' | 'lg';
  showWordmark?: boolean;
}) {
  const theme = useThemeStore((state) => state.theme);
  return (
    <span
      className={size === 'lg' ? 'ic-logo ic-logo--lg' : 'ic-logo'}
      data-variant={theme === 'dark' ? 'light-on-dark' : 'dark-on-light'}
    >
      <svg className="ic-logo__mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect className="ic-logo__mark-bg" width="32" height="32" rx="8" />
        <path className="ic-logo__mark-detail" d="M7.5 21a8.5 8.5 0 0 1 17 0" />
        <path className="ic-logo__mark-detail" d="M16 21l5-6.5" />
        <circle className="ic-logo__mark-dot" cx="16" cy="21" r="2" />
      </svg>
      {showWordmark ? (
        <span className="ic-logo__wordmark">
          Intake <span className="ic-logo__wordmark-accent">Cockpit</span>
        </span>
      ) : (
        <VisuallyHidden>Intake Cockpit</VisuallyHidden>
      )}
    </span>
  );
}
