/**
 * Voice calls' statuses and the timing of the softphone (see calls.ts), without zod: the inbox's
 * real-time code and the call buttons load only this.
 */
export const CALL_STATUSES = [
  'offer',
  'outcoming_calling',
  'accept',
  'terminate',
  'reject',
  'accept_elsewhere',
  'reject_elsewhere',
  'preaccept',
  'relaylatency',
  'unknown',
] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];

/** Statuses after which a call is over: the softphone resets CALL_RESET_DELAY_MS later (SPEC §4). */
export const CALL_FINAL_STATUSES: readonly CallStatus[] = ['terminate', 'reject', 'accept_elsewhere', 'reject_elsewhere'];
export const isFinalCallStatus = (status: CallStatus) => CALL_FINAL_STATUSES.includes(status);

/** SPEC §9: call reset delay 3.5 s; outgoing-call instance timeout 1 s. */
export const CALL_RESET_DELAY_MS = 3500;
export const CALL_INSTANCE_TIMEOUT_MS = 1000;

/** Socket event to the tenant's users (not blocked from calls) when a call changes. */
export const CALL_SOCKET_EVENT = 'call:status';
