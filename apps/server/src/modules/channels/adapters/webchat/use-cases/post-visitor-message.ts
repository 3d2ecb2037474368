import type { AppContext } from '../../../../../app-context.js';
import { AppError } from '../../../../../platform/http/app-error.js';
import { checkUpload } from '../../../../../platform/media/uploads.js';
import { type MessageRow } from '../../../../messages/messages.repository.js';
import { findMessageByExternalId } from '../../../../messages/use-cases/find-message-by-external-id.js';
import { ingestInbound, type InboundMedia } from '../../../../messages/use-cases/ingest-inbound.js';
import { visitorContactKey, type VisitorSession } from '../visitor-auth.js';
import { takeWebchatAllowance, WEBCHAT_WINDOW_SECONDS, webchatLimitKeys } from '../webchat-limits.js';
import { visitorExternalId } from '../webchat.presenter.js';
import { WEBCHAT_LIMITS } from '../webchat.schemas.js';

export const TOO_MANY_VISITOR_MESSAGES = 'Too many messages. Try again in 1 minute.';
const TOO_MANY = TOO_MANY_VISITOR_MESSAGES;

/** A visitor's text: within the size limit, and not empty unless a file goes with it. */
export function checkVisitorText(input: Pick<PostVisitorMessageInput, 'body' | 'file'>): void {
  if (input.body.length > WEBCHAT_LIMITS.bodyChars)
    throw new AppError('ERR_VALIDATION', 'The message is too long.', { body: [`At most ${WEBCHAT_LIMITS.bodyChars} characters`] });
  if (!input.file && !input.body.trim()) throw new AppError('ERR_VALIDATION', 'The message is empty.', { body: ['Required'] });
}

export interface PostVisitorMessageInput {
  /** The widget's id of the message; posting it again (a resend after a reconnection) is a no-op. */
  clientId: string;
  body: string;
  file?: { content: Buffer; filename: string; mimetype: string };
}

/**
 * A visitor writes (text, or a file with an optional caption): through the one inbound pipeline
 * (ingestInbound), deduplicated by the (channel, external id) unique index. Answers the stored
 * message, also when it had been stored before.
 */
export async function postVisitorMessage(
  ctx: AppContext,
  visitor: VisitorSession,
  input: PostVisitorMessageInput,
  /**
   * `appendTried`: appendVisitorText was tried first and found no open ticket (a first message), so
   * ingestInbound does not try that append again; `useCounted`: it counted the rate-limit use already.
   */
  { appendTried = false, useCounted = false }: { appendTried?: boolean; useCounted?: boolean } = {},
): Promise<{ message: MessageRow; duplicate: boolean }> {
  checkVisitorText(input);

  const externalId = visitorExternalId(visitor.visitorId, input.clientId);
  let media: InboundMedia | undefined;
  if (input.file) {
    // A file is checked and saved before its transaction: count the use and answer a resend first.
    await takeWebchatAllowance(ctx.db, webchatLimitKeys.messagesOfVisitor(visitor.visitorId), WEBCHAT_LIMITS.messagesPerMinute, TOO_MANY);
    const stored = await findMessageByExternalId(ctx.db, visitor.tenantId, visitor.channelId, externalId);
    if (stored) return { message: stored, duplicate: true };
    const upload = await checkUpload(input.file.content, input.file.mimetype, input.file.filename, WEBCHAT_LIMITS.uploadBytes);
    const key = await ctx.media.save(visitor.tenantId, upload.content);
    media = { key, name: upload.name, mime: upload.mime, size: upload.content.length, type: upload.type as InboundMedia['type'] };
  }

  // A text message counts its use with the message itself (a refused or resent one is not
  // counted); a resend is answered by the pipeline's duplicate check.
  const result = await ingestInbound(
    ctx,
    {
      tenantId: visitor.tenantId,
      channelId: visitor.channelId,
      externalId,
      contact: { key: { externalKey: visitorContactKey(visitor.visitorId) }, name: visitor.name, email: visitor.email },
      body: input.body,
      media,
    },
    {
      channel: visitor.channel,
      appendTried,
      useCounted,
      rateLimit: input.file
        ? undefined
        : {
            key: webchatLimitKeys.messagesOfVisitor(visitor.visitorId),
            windowSeconds: WEBCHAT_WINDOW_SECONDS,
            max: WEBCHAT_LIMITS.messagesPerMinute,
            message: TOO_MANY,
          },
    },
  );
  const message =
    result.outcome === 'duplicate'
      ? await findMessageByExternalId(ctx.db, visitor.tenantId, visitor.channelId, externalId)
      : result.message;
  if (!message) throw new AppError('ERR_CREATING_MESSAGE');
  return { message, duplicate: result.outcome === 'duplicate' };
}
