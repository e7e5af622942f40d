import { z } from 'zod';
import { incomingCallDataSchema, type IncomingCallData } from '@/shared/contracts/call-flow';

// spec: session 2 Automated intake screen — "query parameter incomingCall holding an encoded
// call payload"; spec 3 Call data (incoming). The spec does not show the encoding: ours is
// base64url of the JSON, so the payload survives any URL handling. Beside the call data it
// may name the process to run (a call started by hand from the Call Flows area does).

export const INCOMING_CALL_PARAM = 'incomingCall';
/** Longer payloads are refused before parsing: a URL is no place for a bulk upload. */
export const MAX_INCOMING_CALL_LENGTH = 16_000;

export const incomingCallPayloadSchema = incomingCallDataSchema.extend({
  /** The process to run (its id); the workspace's lead-generation process when absent. */
  process: z.string().min(1).max(200).optional(),
});
export type IncomingCallPayload = z.infer<typeof incomingCallPayloadSchema>;

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): string {
  const padded = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(padded + '='.repeat((4 - (padded.length % 4)) % 4));
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

export function encodeIncomingCall(payload: IncomingCallPayload): string {
  return toBase64Url(JSON.stringify(payload));
}

export type DecodedIncomingCall =
  { ok: true; payload: IncomingCallPayload } | { ok: false; message: string };

/** Reads the query parameter; base64url JSON, or plain JSON as other hosts may send it. */
export function decodeIncomingCall(encoded: string): DecodedIncomingCall {
  const invalid = {
    ok: false as const,
    message: 'The incoming call could not be read. Start the call flow again from Call Flows.',
  };
  if (encoded.length === 0 || encoded.length > MAX_INCOMING_CALL_LENGTH) return invalid;
  let parsed: unknown;
  try {
    parsed = JSON.parse(encoded.trimStart().startsWith('{') ? encoded : fromBase64Url(encoded));
  } catch {
    return invalid;
  }
  const result = incomingCallPayloadSchema.safeParse(parsed);
  return result.success ? { ok: true, payload: result.data } : invalid;
}

/** The app path of the automated intake screen for a call. */
export function automatedIntakePath(payload: IncomingCallPayload): string {
  const query = new URLSearchParams({ [INCOMING_CALL_PARAM]: encodeIncomingCall(payload) });
  return `/app/automated-intake?${query.toString()}`;
}

/** The call data the engine starts with (without the process name). */
export function callDataOf(payload: IncomingCallPayload): IncomingCallData {
  return {
    leadName: payload.leadName,
    phone: payload.phone,
    processExecutionHistoryId: payload.processExecutionHistoryId,
    processVariables: payload.processVariables,
    // issue #28: the provider's call the intake is for (absent: a walk-in).
    ...(payload.callId ? { callId: payload.callId } : {}),
  };
}
