import { type ConnectCtm, connectCtmSchema } from '@/shared/contracts/call-tracking-connection';
import type { DraftReading } from '@/app/components/field/use-checked-draft';

/** The connect form as typed (issue #32): CTM's account id and API keys. */
export interface CtmConnectDraft {
  accountId: string;
  accessKey: string;
  secretKey: string;
}

export type CtmConnectErrors = Partial<Record<keyof CtmConnectDraft, string>>;

export const EMPTY_CTM_CONNECT: CtmConnectDraft = { accountId: '', accessKey: '', secretKey: '' };

/** The request the server's contract accepts, or the contract's words per field. */
export function readCtmConnectDraft(
  draft: CtmConnectDraft,
): DraftReading<ConnectCtm, CtmConnectErrors> {
  const parsed = connectCtmSchema.safeParse({ provider: 'ctm', ...draft });
  if (parsed.success) return { ok: true, request: parsed.data };
  const errors: CtmConnectErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (field === 'accountId' || field === 'accessKey' || field === 'secretKey') {
      errors[field] ??= issue.message;
    }
  }
  return { ok: false, errors };
}
