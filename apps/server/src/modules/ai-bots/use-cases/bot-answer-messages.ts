import { INTERACTIVE_LIMITS, wabaRichContentSchema, type WabaRichContent } from '../../channels/adapters/waba/waba.schemas.js';
import { richPreview } from '../../messages/use-cases/send-button-message.js';
import type { BotChoices } from '../bots/integration-bot.js';

export interface BotOutboundPart {
  body: string;
  rich: WabaRichContent | null;
}

/** The label of the button that opens a list of choices (WhatsApp requires one). */
export const CHOICE_LIST_BUTTON = 'Opções';

/** Choices as numbered lines ("1 - Vendas"), after the text (or the title when the text is empty). */
export function numberedChoices(text: string, choices: BotChoices): string {
  const head = text || choices.title;
  const lines = choices.options.map((option, index) => `${index + 1} - ${option}`).join('\n');
  return head ? `${head}\n\n${lines}` : lines;
}

/**
 * The messages that carry a bot's answer on a channel: its text alone; with choices, reply buttons
 * (≤ 3 short options) or a list (≤ 10) where the channel sends them (`richChannel`, the adapter's
 * sendRich) and the bot allows it — the text before them in its own message when it is longer than
 * an interactive message's text, the title then heading the buttons — else one text with the
 * choices numbered (the customer answers with the number or the option). Nothing for an empty answer.
 */
export function botAnswerMessages(text: string, choices: BotChoices | undefined, richChannel: boolean): BotOutboundPart[] {
  if (!choices?.options.length) return text ? [{ body: text, rich: null }] : [];
  if (choices.asButtons && richChannel) {
    const inline = text && text.length <= INTERACTIVE_LIMITS.text;
    const heading = inline ? text : choices.title;
    const fitsButtons =
      choices.options.length <= INTERACTIVE_LIMITS.buttons && choices.options.every((o) => o.length <= INTERACTIVE_LIMITS.buttonTitle);
    const candidate: unknown = fitsButtons
      ? { type: 'button', text: heading, buttons: choices.options.map((title, index) => ({ id: String(index + 1), title })) }
      : {
          type: 'list',
          text: heading,
          button: CHOICE_LIST_BUTTON,
          sections: [{ rows: choices.options.map((title, index) => ({ id: String(index + 1), title })) }],
        };
    const rich = wabaRichContentSchema.safeParse(candidate);
    if (heading && rich.success) {
      const parts: BotOutboundPart[] = inline || !text ? [] : [{ body: text, rich: null }];
      parts.push({ body: richPreview(rich.data), rich: rich.data });
      return parts;
    }
  }
  return [{ body: numberedChoices(text, choices), rich: null }];
}
