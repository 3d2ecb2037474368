import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../../../../app-context.js';
import { AppError } from '../../../../../platform/http/app-error.js';
import { appendVisitorMessage } from '../../../../messages/use-cases/append-visitor-message.js';
import { messagePreview } from '../../../../messages/message-preview.js';
import type { MessageRow } from '../../../../messages/messages.repository.js';
import { publishAppended } from '../../../../messages/use-cases/ingest-inbound.js';
import { visitorSecretHash } from '../visitor-auth.js';
import { WEBCHAT_WINDOW_SECONDS, webchatLimitKeys } from '../webchat-limits.js';
import { originToCheck } from '../webchat.policy.js';
import { visitorExternalId } from '../webchat.presenter.js';
import { WEBCHAT_LIMITS } from '../webchat.schemas.js';
import { checkVisitorText, TOO_MANY_VISITOR_MESSAGES, type PostVisitorMessageInput } from './post-visitor-message.js';

/**
 * The common case of a visitor writing: a text to its open conversation, in ONE statement that
 * also authenticates the token (appendVisitorMessage: the visitor, its secret's HMAC, the tenant,
 * the channel, the page's origin) and counts the rate limit. When the statement did not store it
 * (a first message, a resend, a token or origin it could not accept), the caller authenticates the
 * slow way and takes postVisitorMessage, which handles every case and says precisely what is wrong;
 * 'no-open-ticket' tells it that the same one-statement attempt there would fall back too.
 */
export async function appendVisitorText(
  ctx: AppContext,
  token: { visitorId: string; secret: string },
  page: { origin: string | undefined; host: string | undefined },
  input: Pick<PostVisitorMessageInput, 'clientId' | 'body'>,
): Promise<{ outcome: 'appended'; message: MessageRow } | { outcome: 'no-open-ticket' | 'not-stored'; useCounted?: boolean }> {
  checkVisitorText(input);
  const message = {
    id: randomUUID(),
    externalId: visitorExternalId(token.visitorId, input.clientId),
    body: input.body,
    mediaType: null,
    mediaKey: null,
    mediaName: null,
    mediaMime: null,
    mediaSize: null,
    quotedExternalId: null,
    timestamp: new Date(),
  };
  const result = await appendVisitorMessage(ctx.db, {
    visitorId: token.visitorId,
    tokenHash: visitorSecretHash(ctx, token.secret),
    origin: originToCheck(page.origin, page.host),
    message,
    preview: messagePreview(message),
    rateLimit: {
      key: webchatLimitKeys.messagesOfVisitor(token.visitorId),
      windowSeconds: WEBCHAT_WINDOW_SECONDS,
      max: WEBCHAT_LIMITS.messagesPerMinute,
    },
  });
  switch (result.outcome) {
    case 'appended':
      return { outcome: 'appended', message: publishAppended(ctx, result).message };
    case 'refused':
      throw new AppError('ERR_LIMIT_MAX', TOO_MANY_VISITOR_MESSAGES);
    case 'fallback':
      // Only a contact without an open ticket is sure to fall back again (a concurrent resend may not).
      // A use counted by the statement (its ticket closed meanwhile) is not counted again by the full path.
      return { outcome: result.hasTicket ? 'not-stored' : 'no-open-ticket', useCounted: result.counted };
    default:
      // A resend (answered by the full path without counting it) or a token the statement did not accept.
      return { outcome: 'not-stored' };
  }
}
