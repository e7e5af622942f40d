import { useId } from 'react';
import { useHost } from '@/app/host/host';
import { Button } from '@/app/components/button/button';
import { Card } from '@/app/components/card/card';
import { Field, fieldClassNames } from '@/app/components/field/field';
import { Icon } from '@/app/components/icon/icon';
import { Page } from '@/app/components/page/page';
import { SupportLink } from '@/app/config/support-link';
import './credentials-page.css';
import '@/app/components/visually-hidden/visually-hidden.css';

/**
 * spec: dashboards 2.1 /app/profile/credentials (the consultant's landing page). The
 * password-change call's path is not given (spec: session 7), so the form is shown
 * disabled and says why, rather than pretending to work.
 */
/** The three password fields, with the autocomplete hints password managers read. */
const PASSWORD_FIELDS = [
  ['Current password', 'current-password'],
  ['New password', 'new-password'],
  ['Confirm new password', 'new-password'],
] as const;

export function CredentialsPage() {
  const { session } = useHost();
  const noticeId = useId();
  const user = session.user;
  if (!user) return null;

  return (
    <Page
      eyebrow="Profile"
      title="Credentials"
      description="How you sign in to Intake Cockpit."
      narrow
    >
      <Card title="Sign-in">
        <dl className="ic-credentials__list">
          <div className="ic-credentials__row">
            <dt>Username</dt>
            <dd>
              <code>{user.username}</code>
            </dd>
          </div>
          <div className="ic-credentials__row">
            <dt>Password</dt>
            <dd aria-label="Password hidden">••••••••••</dd>
          </div>
        </dl>
      </Card>
      <Card title="Change password">
        <div className="ic-credentials__notice" id={noticeId}>
          <Icon name="lock" size="sm" />
          <p>
            Changing your password from the app is not available yet. Ask your workspace
            administrator to reset it, or <SupportLink>contact support</SupportLink>.
          </p>
        </div>
        <form
          className="ic-credentials__form"
          aria-describedby={noticeId}
          onSubmit={(event) => event.preventDefault()}
        >
          <fieldset disabled className="ic-credentials__fieldset">
            <legend className="ic-visually-hidden">New password</legend>
            {PASSWORD_FIELDS.map(([label, autoComplete]) => (
              <Field key={label} label={label}>
                {(control) => (
                  <input
                    {...control}
                    className={fieldClassNames.input}
                    type="password"
                    autoComplete={autoComplete}
                  />
                )}
              </Field>
            ))}
            <div>
              <Button type="submit" variant="primary">
                Update password
              </Button>
            </div>
          </fieldset>
        </form>
      </Card>
    </Page>
  );
}
