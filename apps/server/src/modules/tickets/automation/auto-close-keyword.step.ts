import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import type { InboundAutomationStep } from '../../automation/inbound-chain.js';
import { autoCloseKeywordProbe } from '../../channels/use-cases/auto-close-keyword-probe.js';
import { findChannelById } from '../../channels/use-cases/find-channel-by-id.js';
import { queueAutomatedMessage } from '../../messages/queue-automated-message.js';
import { closeTicketByAutomation, lockTicketToClose } from '../use-cases/close-ticket-by-automation.js';

/** Trimmed, lower case, without accents: 'Encerrar', ' encerrar ' and 'ENCERRÁR' are the same word. */
export function normalizeKeyword(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .trim()
    .toLowerCase();
}

/**
 * SPEC §3 Channel "auto-close keyword": a customer message equal to it closes the ticket, after the
 * channel's farewell message when it has one. Exactly once: the ticket row is locked and a closed
 * ticket is left alone, in the transaction that sends the farewell.
 */
export const autoCloseKeywordStep: InboundAutomationStep<string | undefined> = {
  name: 'channel.autoCloseKeyword',
  order: 20,
  probe: (keys) => autoCloseKeywordProbe(keys.tenantId, keys.channelId),
  async run(ctx: AppContext, input, channelKeyword) {
    if (input.isGroup) return 'next';
    const keyword = channelKeyword ? normalizeKeyword(channelKeyword) : '';
    if (!keyword || normalizeKeyword(input.body) !== keyword) return 'next';
    return transact(ctx, async (tx, events): Promise<'handled' | 'next'> => {
      const ticket = await lockTicketToClose(tx, input.tenantId, input.ticketId);
      // Already closed: by this very message before a restart, or by someone else; either way nothing more to say.
      if (!ticket) return 'handled';
      const channel = await findChannelById(tx, input.tenantId, input.channelId);
      if (channel?.farewellMessage?.trim()) {
        await queueAutomatedMessage(ctx, tx, events, { tenantId: input.tenantId, ticketId: ticket.id }, { body: channel.farewellMessage });
      }
      await closeTicketByAutomation(tx, events, ticket, { logType: 'closedByKeyword', payload: { messageId: input.messageId } });
      return 'handled';
    });
  },
};
