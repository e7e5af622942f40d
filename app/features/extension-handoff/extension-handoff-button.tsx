import { Icon } from '@/app/components/icon/icon';
import { useExtensionHandoff } from './use-extension-handoff';

/** Shown in the top bar only while the browser extension is installed and answers. */
export function ExtensionHandoffButton() {
  const { state, handOff } = useExtensionHandoff();
  if (state === 'absent') return null;
  const label =
    state === 'done' ? 'Your CRM tabs use this sign-in' : 'Use this sign-in in your CRM tabs';
  return (
    <button
      type="button"
      className="ic-topbar__handoff"
      aria-label={label}
      onClick={() => void handOff()}
      disabled={state === 'working' || state === 'done'}
      title={label}
    >
      <Icon name={state === 'done' ? 'check' : 'monitor'} size="sm" />
      <span className="ic-topbar__handoff-text">
        {state === 'done' ? 'CRM tabs signed in' : 'Use this sign-in in your CRM tabs'}
      </span>
    </button>
  );
}
