import { isOpenAt, type BusinessDay } from '@conversa/shared';
import type { AppContext } from '../../app-context.js';
import { transact } from '../../platform/events/transact.js';
import type { InboundAutomationStep } from '../automation/inbound-chain.js';
import { queueAutomatedMessage } from '../messages/queue-automated-message.js';
import { settingOrDefault } from '../settings/use-cases/setting-or-default.js';
import { settingProbe } from '../settings/use-cases/setting-probe.js';
import { tenantTimeZoneProbe } from '../tenants/use-cases/tenant-time-zone-probe.js';
import { lockTicketForAutomation } from '../tickets/use-cases/lock-ticket-for-automation.js';
import { absenceConfigProbe, absenceRepliedTo, countAbsenceReplies, insertAbsenceReply } from './business-hours.repository.js';

/** The absence step's probe: the tenant's week, absence message (not blank), clock and repeat limit (null: the default). */
interface AbsenceConfig {
  days: BusinessDay[];
  absenceMessage: string;
  timeZone: string;
  maxRepeats: string | null;
}

/**
 * Out of business hours, a customer's message gets the absence message, at most
 * 'absenceMessageMaxRepeats' times per ticket. Not for group tickets, closed tickets, nor tickets
 * an agent is attending (status open): the agent is there to answer. The count and the send are
 * one transaction under the ticket's lock, and the answered message is unique: a message is
 * answered once even when the chain runs again for it.
 */
export const absenceStep: InboundAutomationStep<AbsenceConfig | undefined> = {
  name: 'businessHours.absence',
  order: 50,
  probe: ({ tenantId }) =>
    absenceConfigProbe(tenantId, {
      timeZone: tenantTimeZoneProbe(tenantId),
      maxRepeats: settingProbe(tenantId, 'absenceMessageMaxRepeats'),
    }),
  async run(ctx: AppContext, input, config) {
    if (input.isGroup || !config) return 'next';
    if (isOpenAt(config.days, config.timeZone, new Date())) return 'next';
    const maxRepeats = Number(settingOrDefault('absenceMessageMaxRepeats', config.maxRepeats));

    const sent = await transact(ctx, async (tx, events) => {
      const ticket = await lockTicketForAutomation(tx, input.tenantId, input.ticketId);
      if (!ticket || ticket.isGroup || ticket.status !== 'pending') return false;
      if (await absenceRepliedTo(tx, input.tenantId, input.messageId)) return true;
      if ((await countAbsenceReplies(tx, input.tenantId, ticket.id)) >= maxRepeats) return false;
      await insertAbsenceReply(tx, { tenantId: input.tenantId, ticketId: ticket.id, inboundMessageId: input.messageId });
      await queueAutomatedMessage(ctx, tx, events, { tenantId: input.tenantId, ticketId: ticket.id }, { body: config.absenceMessage });
      return true;
    });
    return sent ? 'handled' : 'next';
  },
};
