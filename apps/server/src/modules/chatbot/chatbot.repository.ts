import { and, asc, eq, inArray, max, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { type Bindable, queryFixed, type FixedStatement } from '../../platform/db/prepared.js';
import { columnsOf, rowOfJson } from '../../platform/db/raw-rows.js';
// The template facts' SQL, read with the ticket's lock (as inbound-append reads the tickets module's view).
import { templateFactsJson, type TemplateFacts } from '../messages/template-facts.repository.js';
import {
  channels,
  chatFlowHandledMessages,
  chatFlowPositions,
  chatFlows,
  chatFlowVersions,
  contacts,
  tickets,
} from '../../platform/db/schema.js';

export type FlowRow = typeof chatFlows.$inferSelect;
export type FlowVersionRow = typeof chatFlowVersions.$inferSelect;
export type PositionRow = typeof chatFlowPositions.$inferSelect;
export type NewFlow = Pick<typeof chatFlows.$inferInsert, 'name' | 'description' | 'isActive' | 'testNumber' | 'draft'>;

// ---- flows ----

export type FlowWithVersion = FlowRow & { publishedVersion: number | null; publishedAt: Date | null };

export async function listFlows(db: Db, tenantId: number): Promise<FlowWithVersion[]> {
  return db
    .select({ flow: chatFlows, publishedVersion: chatFlowVersions.version, publishedAt: chatFlowVersions.createdAt })
    .from(chatFlows)
    .leftJoin(chatFlowVersions, eq(chatFlowVersions.id, chatFlows.publishedVersionId))
    .where(eq(chatFlows.tenantId, tenantId))
    .orderBy(asc(chatFlows.name), asc(chatFlows.id))
    .then((rows) => rows.map((row) => ({ ...row.flow, publishedVersion: row.publishedVersion, publishedAt: row.publishedAt })));
}

export async function findFlowById(db: Db, tenantId: number, id: number): Promise<FlowWithVersion | undefined> {
  const [row] = await db
    .select({ flow: chatFlows, publishedVersion: chatFlowVersions.version, publishedAt: chatFlowVersions.createdAt })
    .from(chatFlows)
    .leftJoin(chatFlowVersions, eq(chatFlowVersions.id, chatFlows.publishedVersionId))
    .where(and(eq(chatFlows.tenantId, tenantId), eq(chatFlows.id, id)));
  return row ? { ...row.flow, publishedVersion: row.publishedVersion, publishedAt: row.publishedAt } : undefined;
}

/** Each flow of the tenant with its draft and the definition new conversations enter (null: never published). */
export async function listFlowDefinitions(
  db: Db,
  tenantId: number,
): Promise<{ id: number; name: string; draft: Record<string, unknown>; published: Record<string, unknown> | null }[]> {
  return db
    .select({ id: chatFlows.id, name: chatFlows.name, draft: chatFlows.draft, published: chatFlowVersions.definition })
    .from(chatFlows)
    .leftJoin(chatFlowVersions, eq(chatFlowVersions.id, chatFlows.publishedVersionId))
    .where(eq(chatFlows.tenantId, tenantId))
    .orderBy(asc(chatFlows.name), asc(chatFlows.id));
}

/** Which of these flow ids are flows of the tenant. */
export async function existingFlowIds(db: Db, tenantId: number, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: chatFlows.id })
    .from(chatFlows)
    .where(and(eq(chatFlows.tenantId, tenantId), inArray(chatFlows.id, ids)));
  return rows.map((row) => row.id);
}

export async function lockFlow(db: Db, tenantId: number, id: number): Promise<FlowRow | undefined> {
  const [row] = await db
    .select()
    .from(chatFlows)
    .where(and(eq(chatFlows.tenantId, tenantId), eq(chatFlows.id, id)))
    .for('update');
  return row;
}

export async function insertFlow(db: Db, tenantId: number, values: NewFlow): Promise<FlowRow> {
  const [row] = await db
    .insert(chatFlows)
    .values({ ...values, tenantId })
    .returning();
  return row;
}

export async function updateFlowRow(
  db: Db,
  tenantId: number,
  id: number,
  changes: Partial<NewFlow & { draftChanged: boolean; publishedVersionId: number | null }>,
): Promise<FlowRow | undefined> {
  const [row] = await db
    .update(chatFlows)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(chatFlows.tenantId, tenantId), eq(chatFlows.id, id)))
    .returning();
  return row;
}

export async function deleteFlowRow(db: Db, tenantId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(chatFlows)
    .where(and(eq(chatFlows.tenantId, tenantId), eq(chatFlows.id, id)))
    .returning({ id: chatFlows.id });
  return rows.length > 0;
}

// ---- versions ----

export async function insertFlowVersion(
  db: Db,
  tenantId: number,
  flowId: number,
  definition: Record<string, unknown>,
): Promise<FlowVersionRow> {
  const [last] = await db
    .select({ version: max(chatFlowVersions.version) })
    .from(chatFlowVersions)
    .where(and(eq(chatFlowVersions.tenantId, tenantId), eq(chatFlowVersions.flowId, flowId)));
  const [row] = await db
    .insert(chatFlowVersions)
    .values({ tenantId, flowId, version: (last?.version ?? 0) + 1, definition })
    .returning();
  return row;
}

export async function findFlowVersion(db: Db, tenantId: number, versionId: number): Promise<FlowVersionRow | undefined> {
  const [row] = await db
    .select()
    .from(chatFlowVersions)
    .where(and(eq(chatFlowVersions.tenantId, tenantId), eq(chatFlowVersions.id, versionId)));
  return row;
}

/**
 * An active, published flow's entry settings and the id of its published version (read without its
 * definition: the engine keeps the versions it runs); undefined when the flow cannot be entered.
 */
export async function findRunnableFlow(
  db: Db,
  tenantId: number,
  flowId: number,
): Promise<(Pick<FlowRow, 'id' | 'testNumber'> & { versionId: number }) | undefined> {
  const [row] = await db
    .select({ id: chatFlows.id, testNumber: chatFlows.testNumber, versionId: chatFlows.publishedVersionId })
    .from(chatFlows)
    .where(and(eq(chatFlows.tenantId, tenantId), eq(chatFlows.id, flowId), eq(chatFlows.isActive, true)));
  return row && row.versionId !== null ? { id: row.id, testNumber: row.testNumber, versionId: row.versionId } : undefined;
}

// ---- what the engine reads about a ticket ----

export interface TicketBotFacts {
  ticketId: number;
  status: string;
  userId: number | null;
  isGroup: boolean;
  chatFlowId: number | null;
  contactNumber: string | null;
  contactChatbotBlocked: boolean;
  contactIsGroup: boolean;
  channelFlowId: number | null;
}

/** Probe (see InboundAutomationStep): the ticket's flow and its channel's, as JSON {chatFlowId, channelFlowId}, unlocked. */
export function ticketBotHintProbe(tenantId: Bindable<number>, ticketId: Bindable<number>): SQL {
  return sql`select json_build_object('chatFlowId', ${tickets.chatFlowId}, 'channelFlowId', ${channels.chatFlowId})
    from ${tickets} join ${channels} on ${channels.id} = ${tickets.channelId}
    where ${tickets.tenantId} = ${tenantId} and ${tickets.id} = ${ticketId}`;
}

/** Locks the ticket (entering and leaving the bot are decided under it) and reads what entering needs. */
export async function lockTicketBotFacts(db: Db, tenantId: number, ticketId: number): Promise<TicketBotFacts | undefined> {
  const [row] = await db
    .select({
      ticketId: tickets.id,
      status: tickets.status,
      userId: tickets.userId,
      isGroup: tickets.isGroup,
      chatFlowId: tickets.chatFlowId,
      contactNumber: contacts.number,
      contactChatbotBlocked: contacts.chatbotBlocked,
      contactIsGroup: contacts.isGroup,
      channelFlowId: channels.chatFlowId,
    })
    .from(tickets)
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .innerJoin(channels, eq(channels.id, tickets.channelId))
    .where(and(eq(tickets.tenantId, tenantId), eq(tickets.id, ticketId)))
    .for('update', { of: tickets });
  return row;
}

/**
 * A customer's message to a ticket, in one statement: the ticket locked with what the bot decides
 * on and the template facts of its texts (the messages module's, read with the lock: the move's
 * replies need no read of their own), then its position locked (the order of every path: ticket,
 * then position), and — when the ticket is in a flow and is no group's — the message claimed for
 * the bot (false: already handled, a re-run after a crash).
 */
const LOCK_FOR_ANSWER: FixedStatement = {
  name: 'chatbot_lock_for_answer',
  text: `with t as (
      select t.id as "ticketId", t.status, t.user_id as "userId", t.is_group as "isGroup", t.chat_flow_id as "chatFlowId",
        ct.number as "contactNumber", ct.chatbot_blocked as "contactChatbotBlocked", ct.is_group as "contactIsGroup",
        ch.chat_flow_id as "channelFlowId", ${templateFactsJson('t', 'null::int')} as "templateFacts"
      from tickets t join contacts ct on ct.id = t.contact_id join channels ch on ch.id = t.channel_id
      where t.tenant_id = $1 and t.id = $2
      for update of t),
    p as (
      select x.* from chat_flow_positions x
      where x.tenant_id = $1 and x.ticket_id = $2 and exists (select 1 from t)
      for update of x),
    h as (
      insert into chat_flow_handled_messages (message_id, tenant_id, ticket_id)
      select $3::uuid, $1, $2
      where exists (select 1 from p) and exists (select 1 from t where not t."isGroup" and not t."contactIsGroup")
      on conflict do nothing
      returning message_id)
    select (select row_to_json(t) from t) as facts, (select to_jsonb(p) from p) as position, exists (select 1 from h) as claimed`,
};

const POSITION_COLUMNS = columnsOf(chatFlowPositions);

export async function lockTicketForAnswer(
  tx: Db,
  tenantId: number,
  ticketId: number,
  messageId: string,
): Promise<{
  facts: (TicketBotFacts & { templateFacts: TemplateFacts | null }) | undefined;
  position: PositionRow | undefined;
  claimed: boolean;
}> {
  const [row] = await queryFixed<{
    facts: (TicketBotFacts & { templateFacts: TemplateFacts | null }) | null;
    position: unknown;
    claimed: boolean;
  }>(tx, LOCK_FOR_ANSWER, [tenantId, ticketId, messageId]);
  return {
    facts: row?.facts ?? undefined,
    position: row?.position ? rowOfJson<PositionRow>(POSITION_COLUMNS, row.position) : undefined,
    claimed: row?.claimed === true,
  };
}

// ---- positions ----

/** The ticket's position, locked for the rest of the transaction (one move at a time per ticket). */
export async function lockPosition(db: Db, tenantId: number, ticketId: number): Promise<PositionRow | undefined> {
  const [row] = await db
    .select()
    .from(chatFlowPositions)
    .where(and(eq(chatFlowPositions.tenantId, tenantId), eq(chatFlowPositions.ticketId, ticketId)))
    .for('update');
  return row;
}

export async function findPosition(db: Db, tenantId: number, ticketId: number): Promise<PositionRow | undefined> {
  const [row] = await db
    .select()
    .from(chatFlowPositions)
    .where(and(eq(chatFlowPositions.tenantId, tenantId), eq(chatFlowPositions.ticketId, ticketId)));
  return row;
}

export type PositionValues = Omit<PositionRow, 'tenantId' | 'ticketId' | 'updatedAt'>;

/** Every move stores its position: one fixed statement, which also marks the ticket as in the flow when asked ($12). */
const UPSERT_POSITION: FixedStatement = {
  name: 'chatbot_upsert_position',
  text: `with pos as (
      insert into chat_flow_positions as x (ticket_id, tenant_id, flow_id, version_id, step_id, interaction_index, waiting_for, attempts, waiting_since, webhook, move_id)
      values ($1, $2, $3, $4, $5, $6, $7, $8, $9::timestamptz, $10::jsonb, $11::uuid)
      on conflict (ticket_id) do update set flow_id = excluded.flow_id, version_id = excluded.version_id, step_id = excluded.step_id,
        interaction_index = excluded.interaction_index, waiting_for = excluded.waiting_for, attempts = excluded.attempts,
        waiting_since = excluded.waiting_since, webhook = excluded.webhook, move_id = excluded.move_id, updated_at = now()
      where x.tenant_id = excluded.tenant_id
      returning x.ticket_id),
    tk as (update tickets set chat_flow_id = $3, updated_at = now() where $12::boolean and tenant_id = $2 and id = $1 returning id)
    select (select count(*) from pos)::int as "stored", (select count(*) from tk)::int as "flowSet"`,
};

/** Stores the ticket's position (`enteringFlow`: the ticket's chat_flow_id set to the flow too, as setTicketChatFlow). */
export async function upsertPosition(
  db: Db,
  tenantId: number,
  ticketId: number,
  values: PositionValues,
  { enteringFlow = false }: { enteringFlow?: boolean } = {},
): Promise<void> {
  await queryFixed(db, UPSERT_POSITION, [
    ticketId,
    tenantId,
    values.flowId,
    values.versionId,
    values.stepId,
    values.interactionIndex,
    values.waitingFor,
    values.attempts,
    values.waitingSince,
    values.webhook === null || values.webhook === undefined ? null : JSON.stringify(values.webhook),
    values.moveId,
    enteringFlow,
  ]);
}

export async function deletePosition(db: Db, tenantId: number, ticketId: number): Promise<boolean> {
  const rows = await db
    .delete(chatFlowPositions)
    .where(and(eq(chatFlowPositions.tenantId, tenantId), eq(chatFlowPositions.ticketId, ticketId)))
    .returning({ ticketId: chatFlowPositions.ticketId });
  return rows.length > 0;
}

/** Tickets in a flow leave it when the flow is deleted (their positions go with it, by cascade). */
export async function clearTicketsOfFlow(db: Db, tenantId: number, flowId: number): Promise<number[]> {
  const rows = await db
    .update(tickets)
    .set({ chatFlowId: null, updatedAt: sql`now()` })
    .where(and(eq(tickets.tenantId, tenantId), eq(tickets.chatFlowId, flowId)))
    .returning({ id: tickets.id });
  return rows.map((row) => row.id);
}

// ---- idempotency of customer messages ----

/** Records that the bot consumed this message; false when it already had (a re-run after a crash). */
export async function claimHandledMessage(db: Db, tenantId: number, ticketId: number, messageId: string): Promise<boolean> {
  const rows = await db
    .insert(chatFlowHandledMessages)
    .values({ tenantId, ticketId, messageId })
    .onConflictDoNothing()
    .returning({ messageId: chatFlowHandledMessages.messageId });
  return rows.length > 0;
}

export async function wasMessageHandled(db: Db, tenantId: number, messageId: string): Promise<boolean> {
  const rows = await db
    .select({ messageId: chatFlowHandledMessages.messageId })
    .from(chatFlowHandledMessages)
    .where(and(eq(chatFlowHandledMessages.tenantId, tenantId), eq(chatFlowHandledMessages.messageId, messageId)));
  return rows.length > 0;
}

// ---- channels' flow ----

export async function setChannelFlowId(db: Db, tenantId: number, channelId: number, flowId: number | null): Promise<boolean> {
  const rows = await db
    .update(channels)
    .set({ chatFlowId: flowId, updatedAt: sql`now()` })
    .where(and(eq(channels.tenantId, tenantId), eq(channels.id, channelId)))
    .returning({ id: channels.id });
  return rows.length > 0;
}
