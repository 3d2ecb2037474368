import { AppError } from '../../platform/http/app-error.js';
import type { Db } from '../../platform/db/client.js';
import type { Actor } from '../auth/actor.js';
import { findUserCallBlock } from './calls.repository.js';

/** The call list is an admin's menu (SPEC §2 "Admin adds: … voice-call list"); the channel's tokens are set in the channel form (admin). */
export const CALL_LIST_AUTH = 'admin' as const;
export const CALL_TOKENS_AUTH = 'admin' as const;
/** The softphone is every user's, unless blocked. */
export const SOFTPHONE_AUTH = 'user' as const;

/** A user with the softphone blocked (blockWavoip, SPEC §6) is refused every call route: 403 ERR_CALL_BLOCKED. */
export async function assertMayUseCalls(db: Db, actor: Actor): Promise<void> {
  const blocked = await findUserCallBlock(db, actor.tenantId, actor.userId);
  if (blocked !== false) throw new AppError('ERR_CALL_BLOCKED');
}
