import { createContext, useContext } from 'react';

/**
 * Whether screens render for a narrow side panel (issue #30 "the whole panel for an owner
 * fits within two screens"): the extension's CRM panel sets it on every widget
 * (`layout="compact"`). There a screen's filters fold behind one line that says what is
 * applied, and a block that another widget of the panel already shows is left out. The
 * app and the script-tag embed (by default) render in full.
 */
export const CompactContext = createContext(false);

export function useCompact(): boolean {
  return useContext(CompactContext);
}
