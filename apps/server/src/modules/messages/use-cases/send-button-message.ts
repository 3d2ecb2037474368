import type { AppContext } from '../../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import type { WabaRichContent } from '../../channels/adapters/waba/waba.schemas.js';
import type { MessageRow } from '../messages.repository.js';
import { sendMessage } from './send-message.js';

export interface SendButtonInput {
  ticketId: number;
  quotedMsgId?: string | null;
  /** Already validated against SPEC §5's limits (text 1–60, button text ≤ 20, unique values, ≤ 5 sections). */
  content: WabaRichContent;
}

/**
 * POST /sendButton: reply buttons, a list or an approved template to the ticket's contact. It goes
 * out as every reply does (sendMessage: same ticket access, stored pending, durable send job), the
 * structured content travelling with the job; the stored body is its readable text.
 */
export async function sendButtonMessage(ctx: AppContext, actor: Actor, input: SendButtonInput): Promise<MessageRow> {
  return sendMessage(ctx, actor, input.ticketId, { body: richPreview(input.content), quotedMsgId: input.quotedMsgId, rich: input.content });
}

/** The text the history and the ticket list show for a structured message. */
export function richPreview(content: WabaRichContent): string {
  const lines: string[] = [];
  if (content.type === 'template') {
    const values = (content.components ?? []).flatMap((c) => c.parameters.map((p) => p.text));
    lines.push(`[${content.name} · ${content.language}]`);
    if (values.length) lines.push(values.join(' | '));
    return lines.join('\n');
  }
  if (content.header) lines.push(content.header);
  lines.push(content.text);
  if (content.footer) lines.push(content.footer);
  if (content.type === 'button') lines.push(content.buttons.map((b) => `[${b.title}]`).join(' '));
  else lines.push(`[${content.button}] ${content.sections.flatMap((s) => s.rows.map((r) => r.title)).join(' | ')}`);
  return lines.join('\n');
}
