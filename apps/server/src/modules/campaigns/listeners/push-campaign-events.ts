import { SOCKET_EVENTS } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import type { DomainEvent } from '../../../platform/events/domain-events.js';
import type { Realtime } from '../../../platform/realtime/realtime.js';
import { rooms } from '../../../platform/realtime/rooms.js';
import { AGENTS_NAMESPACE } from '../../users/agent-sockets.js';
import { findCampaignView } from '../campaigns.repository.js';
import { presentCampaign } from '../campaigns.presenter.js';

/**
 * A campaign's change or progress reaches the tenant's admins and supervisors (the admins room) as
 * its whole view with fresh counters: the list and the detail screen patch theirs.
 */
export function pushCampaignEvents(ctx: AppContext, realtime: Realtime): void {
  ctx.events.subscribe(async (event: DomainEvent) => {
    if (event.type !== 'campaign.changed') return;
    const room = [rooms.admins(event.tenantId)];
    if (event.action === 'delete') {
      realtime.emit(AGENTS_NAMESPACE, room, SOCKET_EVENTS.campaign, { action: 'delete', campaign: { id: event.campaignId } });
      return;
    }
    const campaign = await findCampaignView(ctx.db, event.tenantId, event.campaignId);
    if (campaign)
      realtime.emit(AGENTS_NAMESPACE, room, SOCKET_EVENTS.campaign, { action: 'update', campaign: presentCampaign(campaign, ctx.media) });
  });
}
