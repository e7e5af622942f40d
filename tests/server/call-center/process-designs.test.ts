import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  leadGenerationSetResponseSchema,
  processDesignListResponseSchema,
  processDesignResponseSchema,
  processListResponseSchema,
  type ProcessDesign,
} from '@/shared/contracts/call-flow-api';
import { apiErrorSchema } from '@/shared/contracts/common';
import { immigrationIntake } from '@/server/seed/call-flows/immigration-intake';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { callCenter } from './call-center-client';

// Issue #34 "A designer screen … listing the workspace's processes (name, practice area,
// status, version, last edited by and when) … archive": the designer's list, drafts of
// processes never published included, and archiving, which takes a process out of the
// agents' list while its versions stay. As Harbor's owner, on the seeded intake and a
// second process the owner adds.

const HARBOR = 'ws_harbor';
const DESIGNS = `workspaces/${HARBOR}/process-designs`;
const archivedPath = (uid: string) => `workspaces/${HARBOR}/processes/${uid}/archived`;

describe('the designer list and archiving (issue #34)', () => {
  let t: TestServer;
  let owner: ReturnType<typeof callCenter>;
  let ownerToken: string;
  let agent: ReturnType<typeof callCenter>;
  beforeAll(async () => {
    t = await startTestServer();
    ownerToken = (await t.signIn('owner@harbor.test')).accessToken;
    owner = callCenter(t, ownerToken);
    agent = callCenter(t, (await t.signIn('intake@harbor.test')).accessToken);
    const added = await owner(`workspaces/${HARBOR}/processes/imm-intake`, {
      method: 'PUT',
      body: immigrationIntake(HARBOR),
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
  });
  afterAll(() => t.close());

  const designs = async (): Promise<ProcessDesign[]> => {
    const answer = await owner(DESIGNS);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return processDesignListResponseSchema.parse(answer.body).data;
  };
  const agentsList = async () =>
    processListResponseSchema
      .parse((await owner(`workspaces/${HARBOR}/processes`)).body)
      .data.map((p) => p.id);

  it('lists every process by name with its practice area, status, version and last editor', async () => {
    const list = await designs();
    expect(list.map((d) => [d.id, d.status, d.version, d.draftRevision])).toEqual([
      ['imm-intake', 'published', 1, null],
      ['pi-intake', 'published', 1, null],
    ]);
    const pi = list.find((d) => d.id === 'pi-intake')!;
    // Seeded with Harbor's Personal Injury area, by the seed (no user).
    expect(pi.practiceAreaId).toMatch(/\w/);
    expect(pi.editedBy).toBeNull();
    // The owner published the other one.
    expect(list.find((d) => d.id === 'imm-intake')!.editedBy).toMatch(/\w/);
  });

  it('shows a new process drafted but never published, and the draft of a published one', async () => {
    const fresh = { ...immigrationIntake(HARBOR), uid: 'walk-ins', name: 'Walk-ins' };
    const drafted = await owner(`workspaces/${HARBOR}/processes/walk-ins/draft`, {
      method: 'PUT',
      body: { definition: fresh, revision: 0 },
    });
    expect(drafted.status, JSON.stringify(drafted.body)).toBe(200);
    const renamed = await owner(`workspaces/${HARBOR}/processes/pi-intake/draft`, {
      method: 'PUT',
      body: {
        definition: { ...immigrationIntake(HARBOR), uid: 'pi-intake', name: 'Accidents' },
        revision: 0,
      },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);

    const list = await designs();
    expect(list.map((d) => [d.id, d.name, d.status, d.version, d.draftRevision])).toEqual([
      // The draft's name: what the process is becoming.
      ['pi-intake', 'Accidents', 'published', 1, 1],
      ['imm-intake', 'Immigration intake', 'published', 1, null],
      ['walk-ins', 'Walk-ins', 'unpublished', null, 1],
    ]);
    const pi = list.find((d) => d.id === 'pi-intake')!;
    expect(pi.editedBy).toMatch(/\w/);
    // Agents see only what is published.
    expect(await agentsList()).toEqual(['imm-intake', 'pi-intake']);
  });

  it('archives a process: out of the agents’ list, kept in the designer’s, and back again', async () => {
    const archived = await owner(archivedPath('imm-intake'), {
      method: 'PUT',
      body: { archived: true },
    });
    expect(archived.status, JSON.stringify(archived.body)).toBe(200);
    const row = processDesignResponseSchema.parse(archived.body).data;
    expect(row).toMatchObject({ id: 'imm-intake', status: 'archived', version: 1 });
    expect(row.archivedAt).not.toBeNull();
    expect(await agentsList()).toEqual(['pi-intake']);
    // Its definition can still be read (a call in progress on it, its histories).
    expect((await agent(`processes/imm-intake?workspace=${HARBOR}`)).status).toBe(200);

    // Publishing a new version keeps it archived.
    const republished = await owner(`workspaces/${HARBOR}/processes/imm-intake`, {
      method: 'PUT',
      body: { ...immigrationIntake(HARBOR), description: 'Second version' },
    });
    expect(republished.status).toBe(200);
    expect((await designs()).find((d) => d.id === 'imm-intake')).toMatchObject({
      status: 'archived',
      version: 2,
    });

    const back = await owner(archivedPath('imm-intake'), {
      method: 'PUT',
      body: { archived: false },
    });
    expect(processDesignResponseSchema.parse(back.body).data).toMatchObject({
      status: 'published',
      archivedAt: null,
    });
    expect(await agentsList()).toEqual(['imm-intake', 'pi-intake']);
  });

  it('refuses to archive the lead-generation process, a draft never published, or bad input', async () => {
    const leadGeneration = await owner(archivedPath('pi-intake'), {
      method: 'PUT',
      body: { archived: true },
    });
    expect(leadGeneration.status).toBe(400);
    expect(apiErrorSchema.parse(leadGeneration.body).message).toMatch(
      /incoming calls run when they name none/,
    );
    const draftOnly = await owner(archivedPath('walk-ins'), {
      method: 'PUT',
      body: { archived: true },
    });
    expect(draftOnly.status).toBe(404);
    expect(apiErrorSchema.parse(draftOnly.body).message).toMatch(/discarded instead/);
    for (const body of [{}, { archived: 'yes' }, { archived: true, extra: 1 }, null]) {
      const answer = await owner(archivedPath('imm-intake'), { method: 'PUT', body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    expect(await agentsList()).toEqual(['imm-intake', 'pi-intake']);
  });

  it('sets the process incoming calls without one run: a published one in use, or none', async () => {
    const path = `workspaces/${HARBOR}/lead-generation-process`;
    const set = (body: unknown, who = owner) => who(path, { method: 'PUT', body });
    const changed = await set({ process: 'imm-intake' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(leadGenerationSetResponseSchema.parse(changed.body).data.leadGeneration).toEqual({
      id: 'imm-intake',
      task: 'Lead Generation',
      customExecution: false,
      async: false,
    });
    // The workspace says so, and the archive rule follows it.
    const workspace = await t.api(`/api/workspaces/${HARBOR}`, { token: ownerToken });
    expect(JSON.stringify(workspace.body)).toContain('"leadGeneration":{"id":"imm-intake"');
    expect((await set({ process: 'pi-intake' })).status).toBe(200);

    // A draft never published, an archived process, an unknown one: refused, saying why.
    const draftOnly = await set({ process: 'walk-ins' });
    expect(draftOnly.status).toBe(400);
    expect(apiErrorSchema.parse(draftOnly.body).message).toMatch(/Publish it first/);
    await owner(archivedPath('imm-intake'), { method: 'PUT', body: { archived: true } });
    const archived = await set({ process: 'imm-intake' });
    expect(archived.status).toBe(400);
    expect(apiErrorSchema.parse(archived.body).message).toMatch(/archived\. Bring it back first/);
    await owner(archivedPath('imm-intake'), { method: 'PUT', body: { archived: false } });
    for (const body of [{}, { process: 7 }, { process: 'pi-intake', extra: true }]) {
      expect((await set(body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await set({ process: 'pi-intake' }, agent)).status).toBe(403);

    // None: an incoming call that names no process finds none to run.
    const none = await set({ process: null });
    expect(leadGenerationSetResponseSchema.parse(none.body).data.leadGeneration).toBeNull();
    expect((await set({ process: 'pi-intake' })).status).toBe(200);
  });

  it('never both archives a process and makes it the one incoming calls run, when two managers ask at once', async () => {
    const path = `workspaces/${HARBOR}/lead-generation-process`;
    const leadGeneration = async () => {
      const workspace = await t.api(`/api/workspaces/${HARBOR}`, { token: ownerToken });
      return /"leadGeneration":\{"id":"([^"]+)"/.exec(JSON.stringify(workspace.body))?.[1];
    };
    for (let round = 0; round < 8; round += 1) {
      const [archive, choose] = await Promise.all([
        owner(archivedPath('imm-intake'), { method: 'PUT', body: { archived: true } }),
        owner(path, { method: 'PUT', body: { process: 'imm-intake' } }),
      ]);
      const archived = (await designs()).find((d) => d.id === 'imm-intake')!.status === 'archived';
      const chosen = (await leadGeneration()) === 'imm-intake';
      // One of the two went first; the other was refused, saying why.
      expect([archived, chosen], `round ${round}`).not.toEqual([true, true]);
      expect([archive.status, choose.status].sort(), `round ${round}`).toEqual([200, 400]);
      // Back to the start: pi-intake runs the calls, imm-intake is in use.
      expect((await owner(path, { method: 'PUT', body: { process: 'pi-intake' } })).status).toBe(
        200,
      );
      const back = { method: 'PUT', body: { archived: false } } as const;
      expect((await owner(archivedPath('imm-intake'), back)).status).toBe(200);
    }
  });

  it('is for owners and admins: an agent may neither list designs nor archive', async () => {
    expect((await agent(DESIGNS)).status).toBe(403);
    expect(
      (await agent(archivedPath('imm-intake'), { method: 'PUT', body: { archived: true } })).status,
    ).toBe(403);
  });
});
