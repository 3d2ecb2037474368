import { greetingFor, renderAllVariables, renderTemplate, type TemplateValues } from '@conversa/shared';
import type { AppContext } from '../../app-context.js';
import type { Db } from '../../platform/db/client.js';
import type { DomainEvent } from '../../platform/events/domain-events.js';
import { transact } from '../../platform/events/transact.js';
import { AppError } from '../../platform/http/app-error.js';
import type { MessageRow } from './messages.repository.js';
import { queueOutboundMessage, type OutboundContent } from './queue-outbound-message.js';
import { findTemplateFacts, type TemplateFacts } from './template-facts.repository.js';

export type { TemplateFacts };

export interface AutomatedTarget {
  tenantId: number;
  ticketId: number;
  /** The agent it is sent for (a quick message); null or absent: Conversa itself (bot, greeting, absence…). */
  userId?: number | null;
  /** The moment the text is for ({{greeting}}); default now. */
  at?: Date;
  /**
   * The ticket's template facts, when the caller read them in this transaction under the ticket's
   * lock and changed none of them since (spares their read); only for Conversa's own texts (no `userId`).
   */
  facts?: TemplateFacts;
}

export type AutomatedContent = Pick<OutboundContent, 'body' | 'media'> & {
  /** The variables this text may use (default: every one of SPEC §3; birthdays: BIRTHDAY_TEMPLATE_VARIABLES); others stay as written. */
  variables?: readonly string[];
  /** Sent as written: no variable is rendered (a mass send's plain text and fixed template values). */
  verbatim?: boolean;
  /**
   * An approved template of the official API instead of a text (the channel's adapter must have
   * `sendRich`): `params` are the values of its body placeholders {{1}}, {{2}}…, rendered like the
   * text; `body` is the template's approved body, stored with the values as the history's text.
   */
  template?: { name: string; language: string; body: string; params: readonly string[] };
  /** Reply buttons or a list for adapters that have `sendRich` (an integration bot's choices); `body` is its readable text. */
  rich?: Record<string, unknown>;
};

/** A template whose placeholder renders empty for this contact (the official API refuses empty values). */
export class EmptyTemplateValueError extends AppError {
  constructor(readonly placeholder: number) {
    super('ERR_VALIDATION', `The template's {{${placeholder}}} is empty for this contact.`, { template: [`{{${placeholder}}} is empty`] });
  }
}

/**
 * The SPEC §3 variables of a ticket's message (protocol is the ticket's, kanban its lane), after the
 * contact's additional information by name: the tenant's contact variables ({{CPF}}…). A fixed
 * variable wins over an entry of the same name; of two entries of one name, the first.
 */
export function templateValues(facts: TemplateFacts, now: Date = new Date()): TemplateValues {
  const { contact, agent } = facts;
  const [first = '', ...rest] = contact.name.trim().split(/\s+/);
  const custom: Record<string, string> = {};
  for (const { name, value } of contact.extraInfo) if (!(name in custom)) custom[name] = value;
  return {
    ...custom,
    name: contact.name,
    greeting: greetingFor(now, facts.timeZone),
    protocol: facts.protocol ?? '',
    email: contact.email ?? '',
    phoneNumber: contact.number ?? '',
    kanban: facts.laneName ?? '',
    user: agent?.name ?? '',
    userEmail: agent?.email ?? '',
    firstName: contact.firstName ?? first,
    lastName: contact.lastName ?? rest.join(' '),
    businessName: contact.businessName ?? '',
  };
}

/**
 * Inside the caller's transaction: renders the template variables of `body` for the ticket and
 * queues it on the one outbound path (stored pending, durable send job). Every text Conversa sends
 * for someone goes through here: greetings, absence, farewells, ratings, bot and auto-replies,
 * quick messages.
 */
export async function queueAutomatedMessage(
  ctx: AppContext,
  tx: Db,
  events: DomainEvent[],
  target: AutomatedTarget,
  content: AutomatedContent,
): Promise<MessageRow> {
  const facts =
    target.facts && target.userId == null ? target.facts : await findTemplateFacts(tx, target.tenantId, target.ticketId, target.userId);
  if (!facts) throw new AppError('ERR_NO_TICKET_FOUND');
  const values = templateValues(facts, target.at);
  // Texts were checked when saved; a variable deleted since is the contact's value of that name, or empty.
  // A restricted set (birthdays) renders only its variables and the contact's.
  const render = (text: string) =>
    content.verbatim
      ? text
      : content.variables
        ? renderTemplate(text, values, [...content.variables, ...facts.contact.extraInfo.map((entry) => entry.name)])
        : renderAllVariables(text, values);
  let body = render(content.body);
  let rich: Record<string, unknown> | null = content.rich ?? null;
  if (content.template) {
    const params = content.template.params.map((param) => render(param).trim());
    const empty = params.findIndex((param) => param === '');
    if (empty >= 0) throw new EmptyTemplateValueError(empty + 1);
    body = content.template.body.replace(/\{\{\s*(\d+)\s*\}\}/g, (written, n: string) => params[Number(n) - 1] ?? written);
    rich = {
      type: 'template',
      name: content.template.name,
      language: content.template.language,
      ...(params.length ? { components: [{ type: 'body', parameters: params.map((text) => ({ type: 'text', text })) }] } : {}),
    };
  }
  return queueOutboundMessage(
    ctx,
    tx,
    events,
    {
      tenantId: target.tenantId,
      userId: target.userId ?? null,
      ticket: facts.ticket,
      automated: target.userId == null,
      // A text sent for an agent (scheduled, group tool, preset farewell) is not one they wrote.
      onBehalf: target.userId != null,
      delivery: facts.delivery,
    },
    { body, media: content.media ?? null, rich },
  );
}

/** The same in its own transaction. */
export async function sendAutomatedMessage(ctx: AppContext, target: AutomatedTarget, content: AutomatedContent): Promise<MessageRow> {
  return transact(ctx, (tx, events) => queueAutomatedMessage(ctx, tx, events, target, content));
}
