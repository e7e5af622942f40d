import { useHost } from '@/app/host/host';
import { Icon } from '@/app/components/icon/icon';
import { setTheme, useThemeStore } from '@/app/styles/theme-store';

/** The top bar's light/dark switch; the choice persists through the host's storage. */
export function ThemeToggle({ className }: { className?: string }) {
  const { storage } = useHost();
  const theme = useThemeStore((state) => state.theme);
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      className={className}
      aria-label={`Switch to ${next} theme`}
      title={`Switch to ${next} theme`}
      onClick={() => void setTheme(next, storage)}
    >
      <Icon name={theme === 'dark' ? 'sun' : 'moon'} />
    </button>
  );
}
