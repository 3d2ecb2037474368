import type { Db } from '../../../platform/db/client.js';
import { findReplyQueue, replyQueueExistsSql } from '../campaigns.repository.js';

/** How long after a campaign's message a contact's reply still belongs to the campaign's queue. */
export const REPLY_WINDOW_DAYS = 7;

/**
 * The queue a ticket opened by a customer's message belongs in when the customer answers a
 * campaign (the latest that wrote to them on this channel in the last REPLY_WINDOW_DAYS days and
 * names a queue); undefined: the channel's own. Called by the inbound pipeline when it opens a ticket.
 */
export async function campaignReplyQueue(tx: Db, tenantId: number, contactId: number, channelId: number): Promise<number | undefined> {
  return findReplyQueue(tx, tenantId, contactId, channelId, REPLY_WINDOW_DAYS);
}

/** The same rule as a SQL condition (whether such a queue exists), for the inbound pipeline's one-statement first message. */
export function campaignReplyQueueExistsSql(tenant: string, contact: string, channel: string): string {
  return replyQueueExistsSql(tenant, contact, channel, REPLY_WINDOW_DAYS);
}
