import type { CallListQuery, CallPage } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { assertMayUseCalls } from '../calls.policy.js';
import { listCalls } from '../calls.repository.js';
import { presentCall } from '../calls.presenter.js';

/** The tenant's calls, newest first, filtered and paged (SPEC §2 /wavoip call list). */
export async function listCallsUseCase(ctx: AppContext, actor: Actor, query: CallListQuery): Promise<CallPage> {
  await assertMayUseCalls(ctx.db, actor);
  const { rows, count } = await listCalls(ctx.db, actor.tenantId, query);
  return { calls: rows.map(presentCall), count, hasMore: query.page * query.pageSize < count };
}
