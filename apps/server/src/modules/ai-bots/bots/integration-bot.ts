import type { AppContext } from '../../../app-context.js';

export interface IntegrationBotTarget {
  tenantId: number;
  ticketId: number;
}

export type IntegrationBotAnswer = { ok: true; text: string } | { ok: false; reason: string };

/**
 * An "integration bot" (issue 13): something outside Conversa that answers a ticket's customer while
 * the ticket's own switch (SPEC §3 Ticket `<name>Status`) is on. The runner (ai-bot.step.ts and
 * jobs/ai-reply.job.ts) does the rest for every bot alike — the stop and restart words, new
 * tickets, the claim of one reply per customer message, the send, the switch turned off and the
 * ticket's log on a failure. Adding Typebot, Dify, Dialogflow or n8n is one file implementing this
 * and one entry in bots/registry.ts.
 */
export interface IntegrationBot {
  /** The name a channel chooses it by (for the LLMs, the settings tab: 'chat-gpt', 'claude'…). */
  name: string;
  /** The ticket's switch. */
  statusKey: string;
  /**
   * The answer to the conversation so far (the ticket's latest messages), given the channel's
   * instructions. Runs outside any transaction and may run twice for one message (a retried job):
   * it must not send anything itself. A provider's failure is an answer `{ ok: false }`, not a throw.
   */
  answer(ctx: AppContext, target: IntegrationBotTarget, options: { prompt: string }): Promise<IntegrationBotAnswer>;
}
