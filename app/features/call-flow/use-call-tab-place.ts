import { useState, useSyncExternalStore } from 'react';
import type { CallSession, CallTabPlace } from '@/shared/calls/call-session';

const noTabs = () => () => {};
const here = (): CallTabPlace => 'here';

/**
 * Where the held call's wizard runs among the app's tabs (issue #28): `here` wherever one
 * holder decides (the extension's background, a widget), since no other tab runs it then.
 */
export function useCallTabPlace(calls: CallSession | undefined): CallTabPlace {
  const tabs = calls?.tabs;
  return useSyncExternalStore(tabs ? tabs.subscribe : noTabs, tabs ? tabs.place : here);
}

/**
 * Whether to say the call is open in another tab: while it is, and while this tab asks to
 * move it here (so the notice stays up through "Move it here"), never while a tab merely
 * decides (a reload takes its call back in a moment).
 */
export function useCallOpenElsewhere(calls: CallSession | undefined): {
  elsewhere: boolean;
  moving: boolean;
} {
  const place = useCallTabPlace(calls);
  const [shown, setShown] = useState(place === 'elsewhere');
  const next = place === 'elsewhere' || (place === 'deciding' && shown);
  if (next !== shown) setShown(next);
  return { elsewhere: next, moving: next && place === 'deciding' };
}
