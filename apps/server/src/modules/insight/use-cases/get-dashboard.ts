import { canonicalTimeZone, type Dashboard, type DashboardGranularity } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { getTenantTimeZone } from '../../tenants/use-cases/get-tenant-time-zone.js';
import { dashboardScope } from '../insight.policy.js';
import { presentDashboard } from '../insight.presenter.js';
import { selectDashboard } from '../insight.repository.js';

export interface DashboardInput {
  from: string;
  to: string;
  granularity: DashboardGranularity;
  timeZone?: string;
  queueIds?: number[];
  channelIds?: number[];
  userIds?: number[];
}

/**
 * GET /dashboard: the home dashboard's whole set of figures for one range, within what the reader
 * may see (insight.policy.ts: admins the tenant, supervisors their queues, agents their own tickets),
 * narrowed by the queue / channel / user filters (another tenant's ids match nothing).
 *
 * Definitions — "the range's tickets" are the tickets created in [from, to):
 * - tickets: the range's tickets; open / pending / closed: those of them in that status now
 *   (byStatus lists every status present, `schedule` included). A ticket that only carried an
 *   outreach message (origin 'outreach', closed, never taken nor answered) is not a resolved
 *   conversation: byStatus counts it as DASHBOARD_OUTREACH_STATUS, and neither `closed` nor the
 *   handling time counts it.
 * - receptive: those a customer's message opened (tickets.origin = 'customer'); active: every other
 *   origin — an agent's new ticket, a forward, a campaign / mass send / group tool, the external
 *   API, a scheduled message, a birthday greeting, a message sent from the channel's phone. The
 *   origin is recorded where tickets are created (migration 0040; older tickets backfilled from
 *   their 'created' log and first message).
 * - newContacts: contacts (not groups) created in the range; for a narrowed view (supervisor,
 *   agent, or any filter) those of them with a ticket in that view.
 * - avgFirstResponseSeconds: over the range's tickets an agent answered, from the ticket's creation
 *   to the first message an agent wrote in it (tickets.first_response_at: fromMe, by an agent —
 *   never a bot's, an automation's, or one sent in an agent's name such as a scheduled message).
 * - avgHandlingSeconds: over the range's tickets that are closed now, creation → closed_at.
 * - avgRating / ratings: average (2 decimals) and count of the range's tickets' ratings (0–5; the
 *   rating a customer gave when asked, tickets.rating).
 * - byChannel / byQueue / byUser: the range's tickets per channel, queue (null: none) and assigned
 *   user (null: nobody took it), the user's open / closed and averages as above; busiest first.
 * - evolution: the range's tickets per hour or day of `timeZone` (default the tenant's clock), one
 *   entry per bucket from the one holding `from` to the one holding the last instant before `to`,
 *   empty buckets included; `at` is the bucket's start.
 * Averages are whole seconds.
 */
export async function getDashboard(ctx: AppContext, actor: Actor, input: DashboardInput): Promise<Dashboard> {
  let timeZone: string;
  if (input.timeZone !== undefined) {
    const known = canonicalTimeZone(input.timeZone);
    // An IANA name starts with a letter; an offset ('+03:00'), which newer runtimes accept, reads
    // the other way round in PostgreSQL (POSIX sign): refused rather than bucketed wrong.
    if (!known || !/^[A-Za-z]/.test(known)) {
      throw new AppError('ERR_VALIDATION', 'Unknown time zone (use an IANA name such as America/Sao_Paulo).', {
        timeZone: ['Unknown time zone (use an IANA name such as America/Sao_Paulo).'],
      });
    }
    timeZone = known;
  } else {
    timeZone = await getTenantTimeZone(ctx.db, actor.tenantId);
  }
  const from = new Date(input.from);
  const to = new Date(input.to);
  const scope = await dashboardScope(ctx.db, actor);
  const row = await selectDashboard(ctx.db, {
    tenantId: actor.tenantId,
    from,
    to,
    granularity: input.granularity,
    timeZone,
    scope,
    queueIds: input.queueIds,
    channelIds: input.channelIds,
    userIds: input.userIds,
  });
  return presentDashboard(row, { from, to, granularity: input.granularity, timeZone });
}
