import type { AppContext } from '../../../../../app-context.js';
import { transact } from '../../../../../platform/events/transact.js';
import { setContactInfo } from '../../../../contacts/use-cases/set-contact-info.js';
import { upsertContactByKey } from '../../../../contacts/use-cases/upsert-contact-by-key.js';
import { newVisitorToken, visitorContactKey } from '../visitor-auth.js';
import { takeWebchatAllowance, webchatLimitKeys } from '../webchat-limits.js';
import { insertVisitor } from '../webchat.repository.js';
import { WEBCHAT_LIMITS } from '../webchat.schemas.js';
import { findEmbeddableChannel, type EmbedRequest } from '../embeddable-channel.js';

export interface StartVisitorSessionInput extends EmbedRequest {
  name: string;
  email?: string;
  phone?: string;
  ip: string;
}

/**
 * A visitor introduces itself on a web-chat channel: a new contact (known by 'webchat:<visitorId>')
 * and a visitor row holding only an HMAC of its token. The token is returned once; it is the
 * visitor's only key to its own conversation. The phone is the visitor's claim, so it is kept as
 * extra info and never as the contact's number (which would merge it with a real customer).
 */
export async function startVisitorSession(
  ctx: AppContext,
  input: StartVisitorSessionInput,
): Promise<{ visitorId: string; token: string; name: string }> {
  await takeWebchatAllowance(
    ctx.db,
    webchatLimitKeys.sessionsOfIp(input.ip),
    WEBCHAT_LIMITS.sessionsPerMinutePerIp,
    'Too many chats started. Try again in 1 minute.',
  );
  const channel = await findEmbeddableChannel(ctx, input);
  const { visitorId, token, tokenHash } = newVisitorToken(ctx);
  await transact(ctx, async (tx, events) => {
    const contact = await upsertContactByKey(
      tx,
      channel.tenantId,
      { externalKey: visitorContactKey(visitorId) },
      { name: input.name, email: input.email ?? null },
    );
    events.push({ type: 'contact.changed', tenantId: channel.tenantId, contactId: contact.id, action: 'create' });
    if (input.phone)
      await setContactInfo(ctx, tx, events, {
        tenantId: channel.tenantId,
        contactId: contact.id,
        name: 'Phone (web chat)',
        value: input.phone,
      });
    await insertVisitor(tx, channel.tenantId, {
      id: visitorId,
      channelId: channel.id,
      contactId: contact.id,
      tokenHash,
      name: input.name,
      email: input.email ?? null,
      phone: input.phone ?? null,
    });
  });
  return { visitorId, token, name: input.name };
}
