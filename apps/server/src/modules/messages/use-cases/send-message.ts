import { waitsForOther } from '@conversa/shared/ticket-holder';
import { MESSAGE_BODY_MAX, renderAllVariables } from '@conversa/shared';
import { assertKnownVariables } from '../template-check.js';
import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import { AppError, isUniqueViolation } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { adapterFor } from '../../channels/adapters/registry.js';
import { findChannelById } from '../../channels/use-cases/find-channel-by-id.js';
import { readSettings } from '../../settings/use-cases/read-settings.js';
import { visibilityFacts } from '../../tickets/tickets.presenter.js';
import { recordTicketLog } from '../../tickets/use-cases/record-ticket-log.js';
import { lockTicket } from '../../tickets/use-cases/lock-ticket.js';
import { updateTicketRow } from '../../tickets/use-cases/update-ticket-row.js';
import { assertCanSeeTicket } from '../../tickets/use-cases/ticket-access.js';
import { findUserById } from '../../users/use-cases/find-user-by-id.js';
import { findQuickMessageToSend, type QuickMessageToSend } from '../../quick-messages/use-cases/find-quick-message-to-send.js';
import { findMessageByClientId, findMessageById, type MessageRow } from '../messages.repository.js';
import { templateValues } from '../queue-automated-message.js';
import { queueOutboundMessage, type OutboundContent } from '../queue-outbound-message.js';
import { findTemplateFacts } from '../template-facts.repository.js';
import { assertCanWriteInTicket } from '../write-access.js';

/** A file already checked (type sniffed, size): saved by the use case, once it knows the reply is new. */
export interface ReplyUpload {
  content: Buffer;
  name: string;
  mime: string;
  type: string;
}

export interface SendMessageInput {
  body: string;
  quotedMsgId?: string | null;
  upload?: ReplyUpload;
  /** Reply buttons, a list or a template (POST /sendButton); only channels whose adapter has `sendRich`. */
  rich?: Record<string, unknown>;
  /** The sender's id of this reply: a resend with the same id answers the stored message. */
  clientId?: string;
  /** A quick message by id (picked in the composer) or by key (`/key` + Enter): its file goes with the reply; its text when `body` is empty. */
  quickMessage?: { id?: number; key?: string };
  /** The agent inserted a template variable: the text's `{{variables}}` are rendered for the ticket (always so with a quick message). */
  renderVariables?: boolean;
}

const CLIENT_ID_CONSTRAINT = 'messages_tenant_client_key';

/**
 * An agent's reply: stored as pending and its send job enqueued in the same transaction; the job
 * sends it through the channel with retries, then the ack updates it. Replying to a pending
 * ticket starts attending it; an open ticket of another agent is written in only by its owner,
 * a supervisor or an admin.
 *
 * With a clientId the reply is stored once per tenant, by the unique index on (tenant, client id):
 * a resend (the first answer was lost) gets the stored message back and nothing is enqueued again,
 * whatever the ticket became meanwhile.
 */
export async function sendMessage(ctx: AppContext, actor: Actor, ticketId: number, input: SendMessageInput): Promise<MessageRow> {
  if (!input.body.trim() && !input.upload && !input.quickMessage)
    throw new AppError('ERR_VALIDATION', 'The message is empty.', { body: ['Required'] });
  if (input.clientId) {
    const stored = await storedReply(ctx, actor, ticketId, input.clientId);
    if (stored) return stored;
  }
  await assertCanSeeTicket(ctx, actor, ticketId);
  // Looked up before anything is stored: a key that names no active quick message sends nothing.
  const quick = input.quickMessage ? await findQuickMessageToSend(ctx.db, actor.tenantId, input.quickMessage) : undefined;
  if (quick?.media && input.upload) {
    throw new AppError('ERR_VALIDATION', 'A quick message with a file cannot be sent with another file.', {
      medias: ['The quick message has its own file'],
    });
  }
  const text = quick && !input.body.trim() ? quick.message : input.body;
  const render = Boolean(quick) || input.renderVariables === true;
  if (render) await assertKnownVariables(ctx, actor.tenantId, text);
  const media: OutboundContent['media'] = input.upload
    ? {
        key: await ctx.media.save(actor.tenantId, input.upload.content),
        name: input.upload.name,
        mime: input.upload.mime,
        size: input.upload.content.length,
        type: input.upload.type,
      }
    : quickMedia(quick);
  // Read before the transaction: on the embedded database a query outside it would wait for it.
  const signer = await signerName(ctx, actor, input.rich);
  try {
    return await transact(ctx, async (tx, events) => {
      const ticket = await lockTicket(tx, actor.tenantId, ticketId);
      if (!ticket) throw new AppError('ERR_NO_TICKET_FOUND');
      if (ticket.status === 'closed')
        throw new AppError('ERR_VALIDATION', 'This ticket is resolved; reopen it to reply.', { status: ['closed'] });
      await assertCanWriteInTicket(tx, actor, ticket);
      if (input.rich) {
        const channel = await findChannelById(tx, actor.tenantId, ticket.channelId);
        if (!channel || !adapterFor(channel.type).sendRich) {
          throw new AppError(
            'ERR_VALIDATION',
            'Interactive and template messages can be sent only on a WhatsApp Business API (waba) channel.',
            {
              ticketId: [`The ticket's channel is of type '${channel?.type ?? 'unknown'}', not waba.`],
            },
          );
        }
      }
      if (input.quotedMsgId) {
        const quoted = await findMessageById(tx, actor.tenantId, input.quotedMsgId);
        if (!quoted || quoted.ticketId === null || quoted.contactId !== ticket.contactId)
          throw new AppError('ERR_VALIDATION', 'Quoted message not found.', { quotedMsgId: ['Not found'] });
      }
      // As PUT /tickets/{id} {status: 'open'}: whoever starts attending a waiting ticket takes it, unless
      // it waits for someone else (an admin or supervisor writing in it leaves it theirs).
      if (ticket.status === 'pending' && !waitsForOther(ticket, actor.userId)) {
        const before = visibilityFacts(ticket);
        await updateTicketRow(tx, actor.tenantId, ticket.id, { status: 'open', userId: actor.userId });
        await recordTicketLog(tx, { tenantId: actor.tenantId, ticketId: ticket.id, userId: actor.userId, type: 'accepted' });
        events.push({ type: 'ticket.changed', tenantId: actor.tenantId, ticketId: ticket.id, action: 'update', before });
      }
      const body = signed(render ? await renderedText(tx, actor, ticket.id, text) : text, signer);
      const message = await queueOutboundMessage(
        ctx,
        tx,
        events,
        { tenantId: actor.tenantId, userId: actor.userId, ticket },
        {
          body,
          media,
          quotedMessageId: input.quotedMsgId,
          rich: input.rich,
          clientId: input.clientId,
        },
      );
      events.push({ type: 'ticket.changed', tenantId: actor.tenantId, ticketId: ticket.id, action: 'update' });
      return message;
    });
  } catch (error) {
    // The same reply sent twice at once: the other request stored it (this transaction rolled back whole).
    if (input.clientId && isUniqueViolation(error, CLIENT_ID_CONSTRAINT)) {
      const stored = await storedReply(ctx, actor, ticketId, input.clientId);
      if (stored) return stored;
    }
    throw error;
  }
}

/** The reply already stored under this client id; an id used for another ticket or by another user is refused. */
async function storedReply(ctx: AppContext, actor: Actor, ticketId: number, clientId: string): Promise<MessageRow | undefined> {
  const stored = await findMessageByClientId(ctx.db, actor.tenantId, clientId);
  if (!stored) return undefined;
  if (stored.ticketId !== ticketId || stored.userId !== actor.userId) {
    throw new AppError('ERR_VALIDATION', 'This clientId belongs to another message; send a new id for a new message.', {
      clientId: ['Already used'],
    });
  }
  return stored;
}

/**
 * With the tenant's signMessages setting on, a text reply (or a file's caption) is stored as
 * `*Name:*\n<text>`: the signature is applied once, here, when the message is created, so the
 * stored body, the agent's chat, the history, the ticket's last message and what every channel
 * delivers are the same text (the send job sends the stored body as it is). Interactive and
 * template messages (POST /sendButton) are not signed: their stored body is only a readable
 * rendering of structured content, which is what the customer gets. A file without a caption is
 * sent without one. Edits change the stored text as the agent writes it.
 */
async function signerName(ctx: AppContext, actor: Actor, rich: SendMessageInput['rich']): Promise<string | null> {
  if (rich || (await readSettings(ctx.db, actor.tenantId)).signMessages !== 'enabled') return null;
  return (await findUserById(ctx.db, actor.tenantId, actor.userId))?.name.trim() ?? null;
}

function signed(text: string, signer: string | null): string {
  if (signer === null || !text.trim()) return text;
  const body = `*${signer}:*\n${text}`;
  if (body.length > MESSAGE_BODY_MAX) {
    throw new AppError('ERR_VALIDATION', `The message with the agent's signature is longer than ${MESSAGE_BODY_MAX} characters.`, {
      body: [`At most ${MESSAGE_BODY_MAX - (body.length - text.length)} characters with the signature`],
    });
  }
  return body;
}

/** The text with the ticket's values (contact, the sending agent, the tenant's clock), as every automated send renders it. */
async function renderedText(tx: Parameters<typeof findTemplateFacts>[0], actor: Actor, ticketId: number, text: string): Promise<string> {
  const facts = await findTemplateFacts(tx, actor.tenantId, ticketId, actor.userId);
  if (!facts) throw new AppError('ERR_NO_TICKET_FOUND');
  const rendered = renderAllVariables(text, templateValues(facts));
  if (rendered.length > MESSAGE_BODY_MAX) {
    throw new AppError('ERR_VALIDATION', `The message with its variables filled in is longer than ${MESSAGE_BODY_MAX} characters.`, {
      body: ['Too long once rendered'],
    });
  }
  return rendered;
}

function quickMedia(quick: QuickMessageToSend | undefined): OutboundContent['media'] {
  if (!quick?.media) return undefined;
  const { key, name, mime, size, type, voice } = quick.media;
  return { key, name, mime, size, type, voice };
}
