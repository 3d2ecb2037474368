import type { z } from 'zod';
import type { pushSubscriptionSchema } from '@conversa/shared';
import type { PushSubscriptionRow } from './web-push.repository.js';

/** A subscription as its owner sees it: never its keys. */
export function presentPushSubscription(row: PushSubscriptionRow): z.infer<typeof pushSubscriptionSchema> {
  return { id: row.id, endpoint: row.endpoint, language: row.language, createdAt: row.createdAt.toISOString() };
}
