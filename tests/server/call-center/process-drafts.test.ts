import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  definitionRejectedSchema,
  draftConflictSchema,
  processDefinitionResponseSchema,
  processDraftResponseSchema,
  processSavedResponseSchema,
} from '@/shared/contracts/call-flow-api';
import type { ProcessDefinition } from '@/shared/contracts/call-flow';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { callCenter } from './call-center-client';

// Issue #34 "Versions": edits make a draft; publishing makes a new version; two people
// editing the same draft are told (optimistic concurrency with the revision), and nothing
// either typed is silently lost; the server refuses a broken definition with a 400 naming
// the step and the problem. As Harbor's owner and the system user, on the seeded intake.

const HARBOR = 'ws_harbor';
const DRAFT = `workspaces/${HARBOR}/processes/pi-intake/draft`;

describe('process drafts (issue #34)', () => {
  let t: TestServer;
  let owner: ReturnType<typeof callCenter>;
  let system: ReturnType<typeof callCenter>;
  let agent: ReturnType<typeof callCenter>;
  let published: ProcessDefinition;
  beforeAll(async () => {
    t = await startTestServer();
    owner = callCenter(t, (await t.signIn('owner@harbor.test')).accessToken);
    system = callCenter(t, (await t.signIn('system@intake.test')).accessToken);
    agent = callCenter(t, (await t.signIn('intake@harbor.test')).accessToken);
    published = processDefinitionResponseSchema.parse(
      (await owner(`processes/pi-intake?workspace=${HARBOR}`)).body,
    ).data;
  });
  afterAll(() => t.close());

  const save = (who: typeof owner, definition: object, revision: number) =>
    who(DRAFT, { method: 'PUT', body: { definition, revision } });

  it('has no draft until one is saved; the first save starts from the published version', async () => {
    expect((await owner(DRAFT)).status).toBe(404);
    const renamed = { ...published, name: 'Personal Injury intake (2027)' };
    const first = await save(owner, renamed, 0);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(processDraftResponseSchema.parse(first.body).data).toMatchObject({
      revision: 1,
      basedOnVersion: 1,
      problems: [],
      definition: { name: 'Personal Injury intake (2027)', uid: 'pi-intake', workspace: HARBOR },
    });
    expect(processDraftResponseSchema.parse((await owner(DRAFT)).body).data.updatedBy).toMatch(
      /\w/,
    );
  });

  it('keeps an unfinished draft, saying what stands in the way of publishing it', async () => {
    const steps = published.steps.map((step, index) =>
      index === 0 && step.dynaform ? { ...step, dynaform: { ...step.dynaform, fields: [] } } : step,
    );
    const saved = await save(owner, { ...published, steps }, 1);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const draft = processDraftResponseSchema.parse(saved.body).data;
    expect(draft.revision).toBe(2);
    expect(draft.problems.length).toBeGreaterThan(0);
    expect(draft.problems[0]!.path).toMatch(/^steps\.0\.dynaform\.fields/);

    // Publishing it is refused with the problems; the draft stays.
    const refused = await owner(`${DRAFT}/publish`, { method: 'POST', body: { revision: 2 } });
    expect(refused.status).toBe(400);
    expect(definitionRejectedSchema.parse(refused.body).problems.length).toBeGreaterThan(0);
    expect(processDraftResponseSchema.parse((await owner(DRAFT)).body).data.revision).toBe(2);
  });

  it('tells the second of two editors, with the other’s draft, and loses neither', async () => {
    // The system user saves over revision 2; the owner, still on revision 2, saves after.
    const theirs = { ...published, description: 'Edited by the support team' };
    expect((await save(system, theirs, 2)).status).toBe(200);
    const late = await save(owner, { ...published, description: 'Edited by the owner' }, 2);
    expect(late.status).toBe(409);
    const conflict = draftConflictSchema.parse(late.body);
    expect(conflict.message).toMatch(/saved this draft .* Nothing is lost/);
    expect(conflict.draft).toMatchObject({
      revision: 3,
      definition: { description: 'Edited by the support team' },
    });
    // The owner, having seen theirs, saves over revision 3.
    const merged = await save(owner, { ...published, description: 'Edited by both' }, 3);
    expect(processDraftResponseSchema.parse(merged.body).data.revision).toBe(4);
    // Publishing an older revision than the draft's is a conflict too.
    expect(
      (await owner(`${DRAFT}/publish`, { method: 'POST', body: { revision: 3 } })).status,
    ).toBe(409);
  });

  it('publishes the draft as the next version, which new calls read, and the draft goes', async () => {
    const answer = await owner(`${DRAFT}/publish`, { method: 'POST', body: { revision: 4 } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(processSavedResponseSchema.parse(answer.body).data.version).toBe(2);
    const head = processDefinitionResponseSchema.parse(
      (await agent(`processes/pi-intake?workspace=${HARBOR}`)).body,
    ).data;
    expect(head).toMatchObject({ version: 2, description: 'Edited by both' });
    expect((await owner(DRAFT)).status).toBe(404);
    expect(
      (await owner(`${DRAFT}/publish`, { method: 'POST', body: { revision: 4 } })).status,
    ).toBe(409);
  });

  it('refuses bad input with a clear 400, agents with 403, and discards a draft', async () => {
    for (const body of [
      { definition: 'steps', revision: 0 },
      { definition: [], revision: 0 },
      { definition: {}, revision: -1 },
      { revision: 0 },
      null,
    ]) {
      const answer = await owner(DRAFT, { method: 'PUT', body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    expect((await save(agent, published, 0)).status).toBe(403);
    expect((await agent(DRAFT)).status).toBe(403);

    expect((await save(owner, published, 0)).status).toBe(200);
    expect((await owner(DRAFT, { method: 'DELETE' })).status).toBe(200);
    expect((await owner(DRAFT)).status).toBe(404);
  });

  it('keeps a draft of a process never published, for its workspace only', async () => {
    const path = `workspaces/${HARBOR}/processes/referral/draft`;
    const saved = await owner(path, {
      method: 'PUT',
      body: { definition: { name: 'Referral', workspace: 'ws_other', uid: 'x' }, revision: 0 },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(processDraftResponseSchema.parse(saved.body).data).toMatchObject({
      basedOnVersion: null,
      definition: { name: 'Referral', workspace: HARBOR, uid: 'referral' },
    });
  });
});
