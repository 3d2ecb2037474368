import type { SmsStatus } from '@conversa/shared';

/**
 * How far an SMS got: a status is only ever replaced by a later one, so callbacks that arrive out
 * of order, twice, or before the send's own record change nothing backwards. delivered and failed
 * are final.
 */
const RANK: Record<SmsStatus, number> = { queued: 0, sending: 1, unconfirmed: 1, sent: 2, delivered: 3, failed: 3 };

/** The statuses an SMS may move from to reach `status`. */
export function statusesBefore(status: SmsStatus): SmsStatus[] {
  return (Object.keys(RANK) as SmsStatus[]).filter((s) => RANK[s] < RANK[status]);
}
