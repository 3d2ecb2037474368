import type { AppContext } from '../../../app-context.js';
import type { Db } from '../../../platform/db/client.js';

export interface IntegrationBotTarget {
  tenantId: number;
  ticketId: number;
}

/** Options a bot offers the customer (Typebot's choice input, n8n's `options`): buttons, a list or numbered text, as the channel allows. */
export interface BotChoices {
  /** The text above the options when the answer itself has none (Typebot's button-choice message). */
  title: string;
  options: string[];
  /** Whether the bot's settings allow reply buttons / a list (off: always numbered text). */
  asButtons: boolean;
}

/**
 * An answer: its text (may be '' when `choices` carry it, or when the bot chose to say nothing —
 * n8n's empty answer), its choices, and `ended` when the bot's conversation is over (Typebot's flow
 * reached its end): the runner sends the text, then switches the bot off on the ticket.
 */
export type IntegrationBotAnswer = { ok: true; text: string; choices?: BotChoices; ended?: boolean } | { ok: false; reason: string };

export interface IntegrationBotRequest {
  /** The channel's instructions (LLMs only). */
  prompt: string;
  /** The customer's message being answered (absent: a flow step starting the bot). */
  message?: { id: string; body: string; mediaType: string | null; timestamp: Date; contactId: number; channelId: number };
  /** Start a new conversation, forgetting the ticket's session (a flow step). */
  restart?: boolean;
}

/**
 * An "integration bot" (issue 13): something outside Conversa that answers a ticket's customer while
 * the ticket's own switch (SPEC §3 Ticket `<name>Status`) is on. The runner (ai-bot.step.ts and
 * jobs/ai-reply.job.ts) does the rest for every bot alike — the stop and restart words, new
 * tickets, the claim of one reply per customer message, the send (choices as buttons, a list or
 * numbered text), the switch turned off when the bot ends or fails and the ticket's log. Adding a
 * bot is one file implementing this and one entry in bots/registry.ts.
 */
export interface IntegrationBot {
  /** The name a channel chooses it by (the settings tab: 'chat-gpt', 'claude', 'typebot'…). */
  name: string;
  /** The ticket's switch. */
  statusKey: string;
  /**
   * The answer to the conversation so far. Runs outside any transaction and may run twice for one
   * message (a retried job): it must not send anything itself (it may keep its session). A
   * provider's failure is an answer `{ ok: false }`, not a throw.
   */
  answer(ctx: AppContext, target: IntegrationBotTarget, request: IntegrationBotRequest): Promise<IntegrationBotAnswer>;
  /** Forgets the ticket's conversation (the bot is switched on anew), in the caller's transaction. */
  reset?(tx: Db, target: IntegrationBotTarget): Promise<void>;
}
