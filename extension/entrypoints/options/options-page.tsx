import { useEffect, useId, useState, type FormEvent } from 'react';
import { browser } from 'wxt/browser';
import { Button } from '@/app/components/button/button';
import { Logo } from '@/app/components/logo/logo';
import {
  extraHostPattern,
  isValidExtraHost,
  SITE_FAMILIES,
  SITE_FAMILY_LABELS,
} from '@/extension/lib/site-families';
import { normalizeServerOrigin, type ResolvedSettings } from '@/extension/lib/settings';
import { loadSettings, saveSettings, watchSettings } from '@/extension/lib/settings-storage';

const LOCKED_TEXT = 'Set by your administrator (browser policy).';

/**
 * Options for administrators: the server address, which site families get the panel,
 * and extra Keap / Infusionsoft hosts (each asks for its optional host permission when
 * added, and gets the Keap content script registered by the background). Anything an
 * IT admin forces through storage.managed is shown and locked.
 */
export function OptionsPage() {
  const [resolved, setResolved] = useState<ResolvedSettings | null>(null);
  const [server, setServer] = useState('');
  const [newHost, setNewHost] = useState('');
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const ids = { server: useId(), host: useId() };

  useEffect(() => {
    void loadSettings().then((loaded) => {
      setResolved(loaded);
      setServer(loaded.settings.serverOrigin);
    });
    return watchSettings(setResolved);
  }, []);

  if (!resolved) return <main className="ic-options">Loading…</main>;
  const { settings, managed } = resolved;
  const locked = (key: keyof typeof settings) => managed.includes(key);

  async function save(next: typeof settings, text = 'Saved.') {
    await saveSettings(next);
    setMessage({ kind: 'ok', text });
  }

  async function onSaveServer(event: FormEvent) {
    event.preventDefault();
    const origin = normalizeServerOrigin(server);
    if (!origin) {
      setMessage({
        kind: 'error',
        text: 'Enter an https address such as https://intake.example.com (plain http only for localhost).',
      });
      return;
    }
    setServer(origin);
    await save(
      { ...settings, serverOrigin: origin },
      'Saved. Sign in again from the toolbar button.',
    );
  }

  async function onAddHost(event: FormEvent) {
    event.preventDefault();
    const host = newHost.trim().toLowerCase();
    if (!isValidExtraHost(host)) {
      setMessage({
        kind: 'error',
        text: 'Enter a host name such as crm.example.com (no https://, no path).',
      });
      return;
    }
    // Asked in the click's user gesture: the browser shows its own permission prompt.
    const granted = await browser.permissions.request({ origins: [extraHostPattern(host)] });
    if (!granted) {
      setMessage({ kind: 'error', text: `Permission for ${host} was not granted.` });
      return;
    }
    setNewHost('');
    await save(
      { ...settings, extraKeapHosts: [...new Set([...settings.extraKeapHosts, host])] },
      `Added ${host}.`,
    );
  }

  async function onRemoveHost(host: string) {
    await browser.permissions.remove({ origins: [extraHostPattern(host)] }).catch(() => false);
    await save(
      { ...settings, extraKeapHosts: settings.extraKeapHosts.filter((h) => h !== host) },
      `Removed ${host}.`,
    );
  }

  return (
    <main className="ic-options">
      <Logo />
      <h1>Extension settings</h1>
      <p className="ic-options__muted">For administrators. Changes apply to every tab at once.</p>

      <section>
        <h2>Server</h2>
        <form onSubmit={(event) => void onSaveServer(event)} className="ic-options__row">
          <label htmlFor={ids.server}>Server address</label>
          <input
            id={ids.server}
            name="serverOrigin"
            type="url"
            value={server}
            disabled={locked('serverOrigin')}
            onChange={(event) => setServer(event.target.value)}
          />
          <Button type="submit" variant="primary" disabled={locked('serverOrigin')}>
            Save
          </Button>
        </form>
        {locked('serverOrigin') ? <p className="ic-options__muted">{LOCKED_TEXT}</p> : null}
      </section>

      <SitesSection
        sites={settings.sites}
        locked={locked('sites')}
        onChange={(sites) => void save({ ...settings, sites })}
      />

      <section>
        <h2>Extra Keap / Infusionsoft hosts</h2>
        <p className="ic-options__muted">
          For Keap on a domain of your own. Adding one asks the browser for access to that site.
        </p>
        <ul className="ic-options__hosts">
          {settings.extraKeapHosts.map((host) => (
            <li key={host}>
              <code>{host}</code>
              <Button
                variant="ghost"
                disabled={locked('extraKeapHosts')}
                onClick={() => void onRemoveHost(host)}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
        <form onSubmit={(event) => void onAddHost(event)} className="ic-options__row">
          <label htmlFor={ids.host}>Host</label>
          <input
            id={ids.host}
            name="extraHost"
            placeholder="crm.example.com"
            value={newHost}
            disabled={locked('extraKeapHosts')}
            onChange={(event) => setNewHost(event.target.value)}
          />
          <Button type="submit" disabled={locked('extraKeapHosts')}>
            Add
          </Button>
        </form>
        {locked('extraKeapHosts') ? <p className="ic-options__muted">{LOCKED_TEXT}</p> : null}
      </section>

      {message ? (
        <p
          role={message.kind === 'error' ? 'alert' : 'status'}
          className={`ic-options__message--${message.kind}`}
        >
          {message.text}
        </p>
      ) : null}
    </main>
  );
}

/** Which site families get the panel: one box each, locked when the policy sets them. */
function SitesSection({
  sites,
  locked,
  onChange,
}: {
  sites: ResolvedSettings['settings']['sites'];
  locked: boolean;
  onChange: (sites: ResolvedSettings['settings']['sites']) => void;
}) {
  return (
    <section>
      <h2>Sites</h2>
      <fieldset disabled={locked}>
        <legend className="ic-options__muted">Show the Intake Cockpit panel on:</legend>
        {SITE_FAMILIES.map((family) => (
          <label key={family} className="ic-options__check">
            <input
              type="checkbox"
              name={`site-${family}`}
              checked={sites[family]}
              onChange={(event) => onChange({ ...sites, [family]: event.target.checked })}
            />
            {SITE_FAMILY_LABELS[family]}
          </label>
        ))}
      </fieldset>
      {locked ? <p className="ic-options__muted">{LOCKED_TEXT}</p> : null}
    </section>
  );
}
