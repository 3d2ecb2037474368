import { isFinalCallStatus, type CallStatus } from '@conversa/shared';
import type { CallRow, NewCall } from './calls.repository.js';

/**
 * The call state machine (SPEC §4 call statuses): a call in a final status (terminate, reject,
 * accept_elsewhere, reject_elsewhere) changes no more; `accept` sets the answer time (the active
 * start); a final status sets the end time and the duration (seconds since the answer, 0 when never
 * answered). Returns the changes, or null when the status does not apply.
 */
export function nextCallState(call: Pick<CallRow, 'status' | 'answeredAt'>, status: CallStatus, now: Date): Partial<NewCall> | null {
  if (isFinalCallStatus(call.status)) return null;
  if (status === call.status) return null;
  if (status === 'offer') return null;
  const changes: Partial<NewCall> = { status };
  if (status === 'accept' && !call.answeredAt) changes.answeredAt = now;
  if (isFinalCallStatus(status)) {
    changes.endedAt = now;
    changes.duration = call.answeredAt ? Math.max(0, Math.round((now.getTime() - call.answeredAt.getTime()) / 1000)) : 0;
  }
  return changes;
}

/** What a user may do with a call in this status. */
export const callActions = {
  accept: (call: Pick<CallRow, 'status' | 'direction'>) =>
    call.direction === 'incoming' && (call.status === 'offer' || call.status === 'preaccept'),
  reject: (call: Pick<CallRow, 'status' | 'direction'>) =>
    call.direction === 'incoming' && (call.status === 'offer' || call.status === 'preaccept'),
  hangup: (call: Pick<CallRow, 'status'>) => !isFinalCallStatus(call.status) && call.status !== 'offer',
};
