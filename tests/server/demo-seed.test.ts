import { describe, expect, it } from 'vitest';
import { buildDemoRows } from '@/server/seed/demo-seed';
import { DEMO_ACCOUNTS } from '@/server/seed/demo-accounts';
import { mulberry32 } from '@/server/seed/random';

const NOW = new Date('2025-03-14T15:00:00.000Z');

describe('the demo seed', () => {
  it('builds the same rows every time for the same day', () => {
    expect(buildDemoRows(NOW)).toEqual(buildDemoRows(new Date(NOW)));
  });

  it('builds the same lookups on any day, with dates relative to that day', () => {
    const today = buildDemoRows(NOW);
    const later = buildDemoRows(new Date(NOW.getTime() + 30 * 86_400_000));
    const strip = <T extends { created_at?: string }>(rows: T[]) =>
      rows.map(({ created_at: _c, ...rest }) => rest);
    expect(strip(later.lead_sources)).toEqual(strip(today.lead_sources));
    expect(strip(later.agents)).toEqual(strip(today.agents));
    expect(today.workspaces.every((w) => w.created_at < NOW.toISOString())).toBe(true);
  });

  it('has exactly the documented sign-ins', () => {
    const rows = buildDemoRows(NOW);
    expect(rows.users.map((u) => u.username).sort()).toEqual(
      DEMO_ACCOUNTS.map((a) => a.username).sort(),
    );
    const inactive = rows.authorizations.filter((a) => a.status === 'inactive');
    expect(inactive.map((a) => a.user_id)).toEqual(['usr_inactive_summit']);
    expect(rows.authorizations.find((a) => a.role === 'system')?.workspace_id).toBeNull();
  });

  for (const workspaceId of ['ws_lakeside', 'ws_harbor', 'ws_summit']) {
    it(`gives ${workspaceId} 8 to 12 lead sources with a Test one and inactive ones, 4 to 8 agents beyond the sign-ins, 2 to 4 consultants`, () => {
      const rows = buildDemoRows(NOW);
      const sources = rows.lead_sources.filter((s) => s.workspace_id === workspaceId);
      expect(sources.length).toBeGreaterThanOrEqual(8);
      expect(sources.length).toBeLessThanOrEqual(12);
      expect(sources.filter((s) => s.label.includes('Test'))).toHaveLength(1);
      expect(sources.filter((s) => s.active === 0).length).toBeGreaterThanOrEqual(2);
      expect(sources.some((s) => s.settings?.includes('leadsMin'))).toBe(true);

      const signedInAgents = DEMO_ACCOUNTS.filter(
        (a) => a.workspaceId === workspaceId && a.agent,
      ).length;
      const agents =
        rows.agents.filter((a) => a.workspace_id === workspaceId).length - signedInAgents;
      expect(agents).toBeGreaterThanOrEqual(4);
      expect(agents).toBeLessThanOrEqual(8);
      const consultants = rows.consultants.filter((c) => c.workspace_id === workspaceId).length;
      expect(consultants).toBeGreaterThanOrEqual(2);
      expect(consultants).toBeLessThanOrEqual(4);

      const campaigns = rows.campaigns.filter((c) => c.workspace_id === workspaceId);
      expect(campaigns.length).toBeGreaterThan(sources.length);
      expect(campaigns.some((c) => c.active === 0)).toBe(true);
      expect(rows.offices.some((o) => o.workspace_id === workspaceId && o.timezone === null)).toBe(
        true,
      );
      expect(
        rows.case_types.some((c) => c.workspace_id === workspaceId && c.parent_key !== null),
      ).toBe(true);
    });
  }

  it('links only ids that exist', () => {
    const rows = buildDemoRows(NOW);
    const ctmIds = new Set(rows.ctm_users.map((u) => u.id));
    const zohoIds = new Set(
      rows.crm_users.filter((u) => u.provider === 'zoho').map((u) => u.external_id),
    );
    for (const agent of rows.agents) {
      if (agent.ctm_user_id) expect(ctmIds.has(agent.ctm_user_id)).toBe(true);
      if (agent.zoho_user_id) expect(zohoIds.has(agent.zoho_user_id)).toBe(true);
    }
    expect(new Set(rows.ctm_users.map((u) => u.id)).size).toBe(rows.ctm_users.length);
  });
});

describe('mulberry32', () => {
  it('repeats its sequence for the same seed and stays in [0, 1)', () => {
    const a = mulberry32(7);
    const b = mulberry32(7);
    const values = Array.from({ length: 1000 }, () => a.next());
    expect(values).toEqual(Array.from({ length: 1000 }, () => b.next()));
    expect(values.every((v) => v >= 0 && v < 1)).toBe(true);
    expect(mulberry32(8).next()).not.toBe(values[0]);
  });
});
