import {
  CAMPAIGN_CANCELABLE_STATUSES,
  CAMPAIGN_EDITABLE_STATUSES,
  CAMPAIGN_SCHEDULABLE_STATUSES,
  type CampaignStatus,
} from '@conversa/shared';
import { AppError } from '../../platform/http/app-error.js';
import type { CampaignRow } from './campaigns.repository.js';

/**
 * SPEC §4 and §5 for campaigns, without the database: edited only when pending or canceled;
 * scheduled only from pending or canceled, not in the past, not without contacts nor messages;
 * a processing campaign cannot be canceled (it can be paused, then resumed or canceled).
 */

/** The form's times are to the minute: a start within the current minute is "now", not the past. */
export const START_GRACE_MS = 60_000;

export function assertStartNotPast(startAt: Date, now: Date = new Date()): void {
  if (startAt.getTime() < now.getTime() - START_GRACE_MS)
    throw new AppError('ERR_CAMPAIGN_PAST_DATE', undefined, { startAt: ['In the past'] });
}

export function assertEditable(campaign: Pick<CampaignRow, 'status'>): void {
  if (!CAMPAIGN_EDITABLE_STATUSES.includes(campaign.status)) throw new AppError('ERR_CAMPAIGN_NOT_EDITABLE');
}

/** The numbers (1–3) of the messages that have a text or a file: one of them is sent to each contact. */
export function usableMessages(campaign: Pick<CampaignRow, 'message1' | 'message2' | 'message3' | 'media'>): number[] {
  const texts = [campaign.message1, campaign.message2, campaign.message3];
  return [1, 2, 3].filter((n) => texts[n - 1].trim() !== '' || campaign.media[n - 1] != null);
}

export function assertSchedulable(
  campaign: Pick<CampaignRow, 'status' | 'startAt' | 'message1' | 'message2' | 'message3' | 'media'>,
  contactCount: number,
  now: Date = new Date(),
): void {
  if (!CAMPAIGN_SCHEDULABLE_STATUSES.includes(campaign.status))
    throw new AppError('ERR_CAMPAIGN_STATUS', 'Only a pending or canceled campaign can be scheduled.');
  assertStartNotPast(campaign.startAt, now);
  if (contactCount === 0) throw new AppError('ERR_CAMPAIGN_NO_CONTACTS');
  if (usableMessages(campaign).length === 0) throw new AppError('ERR_CAMPAIGN_NO_MESSAGE', undefined, { message1: ['Required'] });
}

export function assertCancelable(campaign: Pick<CampaignRow, 'status'>): void {
  if (campaign.status === 'processing') throw new AppError('ERR_CAMPAIGN_IN_PROCESS');
  if (!CAMPAIGN_CANCELABLE_STATUSES.includes(campaign.status))
    throw new AppError('ERR_CAMPAIGN_STATUS', 'Only a scheduled or paused campaign can be canceled.');
}

export function assertStatus(campaign: Pick<CampaignRow, 'status'>, expected: CampaignStatus, what: string): void {
  if (campaign.status !== expected) throw new AppError('ERR_CAMPAIGN_STATUS', `Only a ${expected} campaign can be ${what}.`);
}

/** One of the usable messages, at random (uniform), to vary the content between contacts. */
export function pickMessage(usable: readonly number[], random: () => number = Math.random): number {
  if (usable.length === 0) throw new Error('A campaign without messages cannot send.');
  return usable[Math.min(usable.length - 1, Math.floor(random() * usable.length))];
}
