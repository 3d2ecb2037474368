import { randomUUID } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { flowDefinitionSchema, nextFlowActions, type FlowDefinition, type FlowEvent, type FlowPosition } from '@conversa/shared/chatbot';
import type { AppContext } from '../../../app-context.js';
import { perApp } from '../../../platform/app-state.js';
import type { Db } from '../../../platform/db/client.js';
import type { DomainEvent } from '../../../platform/events/domain-events.js';
import { queueAutomatedMessage, type TemplateFacts } from '../../messages/queue-automated-message.js';
import { addTagToTicket } from '../../tags/use-cases/add-tag-to-ticket.js';
import { routeTicketFromBot } from '../../tickets/use-cases/route-ticket-from-bot.js';
import { contactOfTicket } from '../../tickets/use-cases/lock-ticket-for-automation.js';
import { setContactInfo } from '../../contacts/use-cases/set-contact-info.js';
import { moveTicketToLane } from '../../tickets/use-cases/set-ticket-lane.js';
import { deletePosition, findFlowVersion, findRunnableFlow, upsertPosition, type PositionRow } from '../chatbot.repository.js';
import { isTenantOpen } from '../../business-hours/use-cases/is-tenant-open.js';

/** A flow version as the engine runs it. */
export interface RunningFlow {
  flowId: number;
  versionId: number;
  definition: FlowDefinition;
}

/** How deep 'start another flow' may chain within one event (flows that start each other without input). */
const MAX_FLOW_CHAIN = 5;

/**
 * Published versions never change (an edit publishes a new one; a deleted flow takes its positions
 * with it): each process keeps the ones it runs, parsed, instead of reading and parsing one per move.
 */
const runningVersionsOf = perApp(() => new LRUCache<string, RunningFlow>({ max: 500 }));

/** A version of the tenant's flows (a position's, a flow's published one) as the engine runs it: read and parsed once per process. */
export async function runningFlowOfVersion(ctx: AppContext, tx: Db, tenantId: number, versionId: number): Promise<RunningFlow | undefined> {
  const runningVersions = runningVersionsOf(ctx);
  const key = `${tenantId}:${versionId}`;
  const kept = runningVersions.get(key);
  if (kept) return kept;
  const version = await findFlowVersion(tx, tenantId, versionId);
  if (!version) return undefined;
  const flow = { flowId: version.flowId, versionId: version.id, definition: flowDefinitionSchema.parse(version.definition) };
  runningVersions.set(key, flow);
  return flow;
}

/** A flow a ticket may enter (active, with a published version) as the engine runs it; undefined when it cannot be entered. */
export async function findEnterableFlow(
  ctx: AppContext,
  tx: Db,
  tenantId: number,
  flowId: number,
): Promise<{ id: number; testNumber: string | null; running: RunningFlow } | undefined> {
  const flow = await findRunnableFlow(tx, tenantId, flowId);
  const running = flow ? await runningFlowOfVersion(ctx, tx, tenantId, flow.versionId) : undefined;
  return flow && running ? { id: flow.id, testNumber: flow.testNumber, running } : undefined;
}

/** A flow with a test number admits only that contact; the channel's other customers skip it. */
export function flowAdmitsContact(flow: { testNumber: string | null }, contactNumber: string | null): boolean {
  return flow.testNumber === null || flow.testNumber === contactNumber;
}

function positionOf(row: PositionRow): FlowPosition {
  return {
    stepId: row.stepId,
    interactionIndex: row.interactionIndex,
    waitingFor: row.waitingFor,
    attempts: row.attempts,
    waitingSince: row.waitingSince.toISOString(),
    webhook: row.webhook ?? null,
  };
}

export interface FlowTarget {
  tenantId: number;
  ticketId: number;
}

/** What the caller already read in this transaction, under the ticket's lock. */
export interface FlowMoveContext {
  /** How deep 'start another flow' has chained within this event. */
  chain?: number;
  /** The ticket's template facts (read with its lock): the move's texts are rendered from them until an action changes them. */
  facts?: TemplateFacts;
}

/**
 * Inside the caller's transaction, with the ticket's position locked (or the ticket locked when it
 * has none): decides what the event means for the conversation (the shared nextFlowActions) and
 * does it — bot messages through queueAutomatedMessage, timers and asynchronous interactions as
 * durable jobs carrying the new move id, routing through the tickets module — and stores the new
 * position. Returns false when the event did not apply (a stale timer).
 */
export async function applyFlowEvent(
  ctx: AppContext,
  tx: Db,
  events: DomainEvent[],
  target: FlowTarget,
  flow: RunningFlow,
  position: PositionRow | undefined,
  event: FlowEvent,
  { chain = 0, facts: readFacts }: FlowMoveContext = {},
): Promise<boolean> {
  const now = new Date();
  // Valid until an action changes what the texts show (a contact variable, the lane's name).
  let facts = readFacts;
  const decision = nextFlowActions(flow.definition, position ? positionOf(position) : null, event, now);
  if (decision.ignored) return false;
  const moveId = randomUUID();
  const job = (event: 'delayElapsed' | 'noAnswer' | 'interaction', startAfter?: Date) =>
    ctx.jobs.send('chatbot.event', { ...target, moveId, event }, { tx, ...(startAfter ? { startAfter } : {}) });
  let nextFlowId: number | null = null;

  for (const action of decision.actions) {
    switch (action.type) {
      case 'sendText':
        await queueAutomatedMessage(ctx, tx, events, { ...target, facts }, { body: action.text });
        break;
      case 'sendMedia':
        await queueAutomatedMessage(ctx, tx, events, { ...target, facts }, { body: action.caption, media: action.media });
        break;
      case 'startDelay':
        await job('delayElapsed', new Date(now.getTime() + action.seconds * 1000));
        break;
      case 'runInteraction':
        await job('interaction');
        break;
      case 'waitAnswer':
        if (action.noAnswerMinutes !== null) await job('noAnswer', new Date(now.getTime() + action.noAnswerMinutes * 60_000));
        break;
      case 'moveToLane':
        await moveTicketToLane(ctx, tx, events, { ...target, laneId: action.laneId });
        facts = undefined;
        break;
      case 'addTag':
        await addTagToTicket(ctx, tx, events, { ...target, tagId: action.tagId });
        break;
      case 'saveContactInfo': {
        // Before the next messages of this decision: they are rendered in this transaction and see the value.
        const contactId = await contactOfTicket(tx, target.tenantId, target.ticketId);
        if (contactId !== undefined)
          await setContactInfo(ctx, tx, events, { tenantId: target.tenantId, contactId, name: action.name, value: action.value });
        facts = undefined;
        break;
      }
      case 'startFlow':
        nextFlowId = action.flowId;
        break;
      case 'exit':
        await deletePosition(tx, target.tenantId, target.ticketId);
        await routeTicketFromBot(ctx, tx, events, { ...target, exit: action.route, autoDistribution: action.autoDistribution });
        return true;
    }
  }

  if (decision.position) {
    const { stepId, interactionIndex, waitingFor, attempts, waitingSince, webhook } = decision.position;
    await upsertPosition(
      tx,
      target.tenantId,
      target.ticketId,
      {
        flowId: flow.flowId,
        versionId: flow.versionId,
        stepId,
        interactionIndex,
        waitingFor,
        attempts,
        waitingSince: new Date(waitingSince),
        webhook: webhook ?? null,
        moveId,
      },
      { enteringFlow: !position || position.flowId !== flow.flowId },
    );
    return true;
  }

  await deletePosition(tx, target.tenantId, target.ticketId);
  const next = nextFlowId !== null && chain < MAX_FLOW_CHAIN ? await findEnterableFlow(ctx, tx, target.tenantId, nextFlowId) : undefined;
  if (next) {
    await enterFlow(ctx, tx, events, target, next.running, { chain: chain + 1 });
  } else {
    // The flow to start is gone, inactive or unpublished (or chained too deep): the conversation leaves the bot.
    await routeTicketFromBot(ctx, tx, events, { ...target, exit: { kind: 'end' }, autoDistribution: 'none' });
  }
  return true;
}

/** The ticket enters a flow at its first step (or its out-of-hours route). */
export async function enterFlow(
  ctx: AppContext,
  tx: Db,
  events: DomainEvent[],
  target: FlowTarget,
  flow: RunningFlow,
  move: FlowMoveContext = {},
): Promise<void> {
  const isOpen = await isTenantOpen(tx, target.tenantId, new Date());
  await applyFlowEvent(ctx, tx, events, target, flow, undefined, { type: 'enter', isOpen }, move);
}
