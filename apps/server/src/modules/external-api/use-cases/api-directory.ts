import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import { findChannelById } from '../../channels/use-cases/find-channel-by-id.js';
import { listChannels } from '../../channels/use-cases/list-channels.js';
import { listQueues } from '../../queues/use-cases/list-queues.js';
import { listTags } from '../../tags/use-cases/list-tags.js';
import { listUsers } from '../../users/use-cases/list-users.js';
import type { ApiConfigRow } from '../external-api.repository.js';
import { apiActor } from './api-actor.js';

/** GET /statuschannel: the configuration's channel and its connection status (n8n's credential test calls it). */
export async function getApiChannelStatus(ctx: AppContext, config: ApiConfigRow) {
  const channel = await findChannelById(ctx.db, config.tenantId, config.channelId);
  if (!channel) throw new AppError('ERR_NO_WAPP_FOUND');
  return channel;
}

/** GET /channels: the tenant's channels with their statuses. */
export async function listApiChannels(ctx: AppContext, config: ApiConfigRow) {
  return listChannels(ctx.db, config.tenantId);
}

/** GET /queues: the tenant's queues (ids for createticket / updatequeue). */
export async function listApiQueues(ctx: AppContext, config: ApiConfigRow) {
  return listQueues(ctx.db, config.tenantId);
}

/** GET /users: the tenant's users (ids for createticket / updateticketinfo), at most 1000. */
export async function listApiUsers(ctx: AppContext, config: ApiConfigRow) {
  return (await listUsers(ctx.db, config.tenantId, { limit: 1000, offset: 0 })).rows;
}

/** GET /tags: the tenant's active tags. */
export async function listApiTags(ctx: AppContext, config: ApiConfigRow) {
  return listTags(ctx, apiActor(config), { activeOnly: true });
}
