import type { AppContext } from '../../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { countUnread } from '../notifications.repository.js';

/** How many of the actor's notifications are unread (the bell). */
export const countUnreadNotifications = (ctx: AppContext, actor: Actor): Promise<number> =>
  countUnread(ctx.db, actor.tenantId, actor.userId);
