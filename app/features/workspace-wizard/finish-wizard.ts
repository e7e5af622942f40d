import { listOutbox } from '@/shared/api/call-flow';
import type { ApiClient } from '@/shared/api/client';
import {
  createWorkspace,
  discardWizardDraft,
  saveWizardDraft,
} from '@/shared/api/system-workspaces';
import { inviteUser } from '@/shared/api/users-administration';
import type { OutboxEmail } from '@/shared/contracts/call-flow-api';
import type { WizardValues } from '@/shared/contracts/system-workspaces';
import { createRequestFrom } from '@/shared/domain/workspace-wizard';
import { TransportError } from '@/shared/transport/transport';

export interface FinishedWizard {
  workspaceId: string;
  workspaceName: string;
  ownerEmail: string;
  /** The invitation as the outbox holds it; null when it could not be read there. */
  invitation: OutboxEmail | null;
  /** Call tracking turned on: the result offers to connect its CTM account (issue #32). */
  callTracking: boolean;
  /** Zoho CRM chosen: the result says where its owner connects it (issue #33). */
  zoho: boolean;
}

export type FinishOutcome =
  | { ok: true; finished: FinishedWizard }
  /** workspaceId: the workspace exists already (kept in the draft: finishing again invites only). */
  | { ok: false; workspaceId: string | null; message: string };

const reasonOf = (error: unknown) =>
  error instanceof TransportError && error.serverMessage ? ` ${error.serverMessage}` : '';

/**
 * Finishes the wizard: creates the workspace (once: its id goes into the saved draft
 * before the invite, so finishing again after a refused invite does not make a second
 * one), invites the first owner through POST users (the invite e-mail goes to the outbox),
 * reads that e-mail back from the outbox, and discards the draft.
 */
export async function finishWizard(
  api: ApiClient,
  values: WizardValues,
  existingWorkspaceId: string | null,
): Promise<FinishOutcome> {
  const request = createRequestFrom(values);
  const owner = values.owner;
  if (!request || !owner) {
    return { ok: false, workspaceId: existingWorkspaceId, message: 'Complete every step first.' };
  }
  let workspaceId = existingWorkspaceId;
  if (workspaceId === null) {
    try {
      workspaceId = (await createWorkspace(api, request, { silent: true })).id;
    } catch (error) {
      return {
        ok: false,
        workspaceId: null,
        message: `The workspace was not created.${reasonOf(error)}`,
      };
    }
    // Best effort: if this save fails, the page still holds the id for a second try.
    await saveWizardDraft(api, { step: 'review', values, workspaceId }, { silent: true }).catch(
      () => undefined,
    );
  }
  try {
    await inviteUser(api, { workspaceId, role: 'owner', ...owner }, { silent: true });
  } catch (error) {
    return {
      ok: false,
      workspaceId,
      message: `${request.name} was created, but its first owner was not invited.${reasonOf(error)} Change the first owner and choose Create workspace again.`,
    };
  }
  let invitation: OutboxEmail | null = null;
  try {
    const email = owner.email.toLowerCase();
    const outbox = await listOutbox(api, {
      workspace: workspaceId,
      page: { limit: 20, offset: 0 },
    });
    invitation = outbox.data.find((mail) => mail.to.includes(email)) ?? null;
  } catch {
    // The invite was sent; only its reading back failed: the result says so.
  }
  await discardWizardDraft(api).catch(() => undefined);
  return {
    ok: true,
    finished: {
      workspaceId,
      workspaceName: request.name,
      ownerEmail: owner.email,
      invitation,
      callTracking: values.callTracking?.enabled === true,
      zoho: values.crm?.kind === 'zoho',
    },
  };
}
