import { useHost } from '@/app/host/host';
import { Card } from '@/app/components/card/card';
import { Page } from '@/app/components/page/page';
import type { Role } from '@/shared/contracts/roles';
import './user-info-page.css';

const ROLE_NAMES: Record<Role, string> = {
  owner: 'Owner',
  admin: 'Admin',
  operator: 'Operator (agent)',
  consultant: 'Consultant',
  system: 'System',
};

const LANGUAGE_NAMES: Record<string, string> = { en: 'English' };

function languageName(code: string): string {
  return LANGUAGE_NAMES[code.toLowerCase()] ?? code.toUpperCase();
}

function timezoneName(timezone: string): string {
  return timezone.replace(/_/g, ' ');
}

/** spec: dashboards 2.1 /app/profile/user-info — the signed-in user, read-only. */
export function UserInfoPage() {
  const { session } = useHost();
  const { user, workspace } = session;
  if (!user) return null;

  const rows: [string, string][] = [
    ['Name', user.name],
    ['Username', user.username],
    ['Email', user.email],
    ['Role', ROLE_NAMES[user.role]],
    [
      'Workspace',
      workspace?.attributes.name ?? (user.role === 'system' ? 'All workspaces (system)' : '—'),
    ],
    ['Timezone', timezoneName(user.timezone)],
    ['Language', languageName(user.language)],
  ];

  return (
    <Page
      eyebrow="Profile"
      title="User info"
      description="Your account as Intake Cockpit knows it."
      narrow
    >
      <Card aria-label="Account details">
        <div className="ic-user-info__header">
          <span className="ic-user-info__avatar" aria-hidden="true">
            {user.picture ? (
              <img src={user.picture} alt="" />
            ) : (
              user.name.trim().charAt(0).toUpperCase() || '?'
            )}
          </span>
          <div>
            <p className="ic-user-info__name">{user.name}</p>
            <p className="ic-user-info__email">{user.email}</p>
          </div>
        </div>
        <dl className="ic-user-info__list">
          {rows.map(([term, value]) => (
            <div className="ic-user-info__row" key={term}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </Card>
      <p className="ic-user-info__note">
        These details come from your workspace. To change them, ask your workspace administrator.
      </p>
    </Page>
  );
}
