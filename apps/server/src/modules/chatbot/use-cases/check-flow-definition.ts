import { flowRoutes, type FlowDefinition } from '@conversa/shared/chatbot';
import type { AppContext } from '../../../app-context.js';
import type { Db } from '../../../platform/db/client.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { FieldProblem } from '../../../platform/http/field-issues.js';
import { MediaStore } from '../../../platform/media/media-store.js';
import { listChannels } from '../../channels/use-cases/list-channels.js';
import { findTenantUserIds } from '../../queues/use-cases/find-tenant-user-ids.js';
import { listQueues } from '../../queues/use-cases/list-queues.js';
import { findMissingTags } from '../../tags/use-cases/find-missing-tags.js';
import { existingFlowIds } from '../chatbot.repository.js';
import { laneIdsOfTenant } from '../../lanes/use-cases/lane-of-tenant.js';

const reference = (message: string): FieldProblem => ({ message, issue: { code: 'invalid', rule: 'flowReference' } });

/**
 * What the schema cannot know: every queue, user, channel, flow, lane and tag a route or interaction names is
 * one of the tenant's, every file is the tenant's, every webhook URL passes the outbound address
 * policy. Refused with ERR_VALIDATION and the path of each offending field (under `definition.`).
 */
export async function assertFlowReferences(ctx: AppContext, db: Db, tenantId: number, definition: FlowDefinition): Promise<void> {
  const problems: Record<string, FieldProblem[]> = {};
  const add = (path: (string | number)[], message: string) => (problems[['definition', ...path].join('.')] ??= []).push(reference(message));

  const queueIds = new Set((await listQueues(db, tenantId)).map((queue) => queue.id));
  const channelIds = new Set((await listChannels(db, tenantId)).map((channel) => channel.id));
  const routes = flowRoutes(definition);
  const userIds = new Set(
    await findTenantUserIds(db, tenantId, [...new Set(routes.flatMap(({ route }) => (route.kind === 'user' ? [route.userId] : [])))]),
  );
  const startFlowIds = definition.steps.flatMap((step) =>
    step.interactions.flatMap((interaction) => (interaction.kind === 'startFlow' ? [interaction.flowId] : [])),
  );
  const flowIds = new Set(await existingFlowIds(db, tenantId, [...new Set(startFlowIds)]));
  const laneIds = await laneIdsOfTenant(
    db,
    tenantId,
    definition.steps.flatMap((step) =>
      step.interactions.flatMap((interaction) => (interaction.kind === 'kanban' ? [interaction.laneId] : [])),
    ),
  );
  const tagIds = definition.steps.flatMap((step) =>
    step.interactions.flatMap((interaction) => (interaction.kind === 'tag' ? [interaction.tagId] : [])),
  );
  const missingTagIds = new Set(await findMissingTags(db, tenantId, tagIds));

  for (const { route, path } of routes) {
    if (route.kind === 'queue' && !queueIds.has(route.queueId)) add(path, `Route to a queue that does not exist (id ${route.queueId}).`);
    if (route.kind === 'user' && !userIds.has(route.userId)) add(path, `Route to a user that does not exist (id ${route.userId}).`);
    if (route.kind === 'user' && route.queueId !== null && !queueIds.has(route.queueId))
      add(path, `Route to a queue that does not exist (id ${route.queueId}).`);
    if (route.kind === 'channel' && !channelIds.has(route.channelId))
      add(path, `Route to a channel that does not exist (id ${route.channelId}).`);
  }
  for (const [stepIndex, step] of definition.steps.entries()) {
    for (const [index, interaction] of step.interactions.entries()) {
      const path = ['steps', stepIndex, 'interactions', index];
      if (interaction.kind === 'startFlow' && !flowIds.has(interaction.flowId))
        add([...path, 'flowId'], `Start of a flow that does not exist (id ${interaction.flowId}).`);
      if (interaction.kind === 'kanban' && !laneIds.has(interaction.laneId))
        add([...path, 'laneId'], `Move to a kanban lane that does not exist (id ${interaction.laneId}).`);
      if (interaction.kind === 'tag' && missingTagIds.has(interaction.tagId))
        add([...path, 'tagId'], `Tag that does not exist (id ${interaction.tagId}).`);
      if (interaction.kind === 'media' && MediaStore.tenantOf(interaction.media.key) !== tenantId)
        add([...path, 'media'], 'The file is not one of this company (upload it again).');
      if (interaction.kind === 'webhook') {
        const problem = await ctx.outbound.problemWith(interaction.url);
        if (problem) add([...path, 'url'], `Webhook: ${problem}`);
      }
    }
  }
  const paths = Object.keys(problems);
  if (paths.length > 0) {
    const first = problems[paths[0]][0];
    throw new AppError('ERR_VALIDATION', typeof first === 'string' ? first : first.message, problems);
  }
}
