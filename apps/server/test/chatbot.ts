/** Test helpers of the chatbot's tests (flows through the API, customers through the inbound pipeline, the bot's messages from the database). */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Api } from './api.js';
import type { TestServer } from './harness.js';
import { buildChannel, eventually, inboundTicket, rows } from './inbox.js';

/** A flow created and published through the API (the first step starts it unless told). */
export async function publishedFlow(
  api: Api,
  token: string,
  /** A definition as JSON (the API checks it): the steps need ids. */
  definition: { steps: { id: string; [field: string]: unknown }[]; [field: string]: unknown },
  settings: Record<string, unknown> = {},
) {
  const body = {
    name: `Fluxo ${randomUUID().slice(0, 8)}`,
    ...settings,
    definition: { startStepId: definition.steps[0].id, ...definition },
    publish: true,
  };
  const response = await api.post('/chat-flow', body, { token });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as { id: number; publishedVersion: number };
}

/** A web-chat channel (of `queueId`) whose chatbot is `flowId`. */
export const flowChannel = (server: TestServer, tenantId: number, flowId: number, queueId: number | null = null) =>
  buildChannel(server.ctx, tenantId, { chatFlowId: flowId, queueId });

export function customer(server: TestServer, tenantId: number, channelId: number, name = 'Maria Souza') {
  const key = { externalKey: `webchat:${randomUUID()}` };
  return (body: string, externalId?: string) => inboundTicket(server.ctx, { tenantId, channelId }, { key, name, body, externalId });
}

/** The bot's messages of a ticket, oldest first. */
export async function botMessages(server: TestServer, ticketId: number): Promise<{ body: string; mediaKey: string | null }[]> {
  return (await rows(
    server.ctx,
    sql`select body, media_key as "mediaKey" from messages where ticket_id = ${ticketId} and from_me and user_id is null order by created_at, id`,
  )) as { body: string; mediaKey: string | null }[];
}

export async function waitBotMessages(server: TestServer, ticketId: number, count: number) {
  return eventually(
    async () => {
      const messages = await botMessages(server, ticketId);
      return messages.length >= count && messages.map((m) => m.body);
    },
    { what: () => `${count} bot messages on ticket ${ticketId}` },
  );
}

export async function ticketRow(server: TestServer, ticketId: number) {
  const [row] = await rows(
    server.ctx,
    sql`select status, user_id as "userId", queue_id as "queueId", channel_id as "channelId", chat_flow_id as "chatFlowId" from tickets where id = ${ticketId}`,
  );
  return row as { status: string; userId: number | null; queueId: number | null; channelId: number; chatFlowId: number | null };
}

export async function positionRow(server: TestServer, ticketId: number) {
  const [row] = await rows(
    server.ctx,
    sql`select step_id as "stepId", waiting_for as "waitingFor", attempts, move_id as "moveId", version_id as "versionId" from chat_flow_positions where ticket_id = ${ticketId}`,
  );
  return row as { stepId: string; waitingFor: string; attempts: number; moveId: string; versionId: number } | undefined;
}

/** The ticket's pending chatbot timers, as pg-boss holds them. */
export async function pendingTimers(server: TestServer, ticketId: number) {
  return (await rows(
    server.ctx,
    sql`select id, data, start_after as "startAfter", created_on as "createdOn" from pgboss.job where name = 'chatbot.event' and data->>'ticketId' = ${String(ticketId)} and state = 'created'`,
  )) as { id: string; data: { event: string; moveId: string }; startAfter: Date; createdOn: Date }[];
}

/** Brings the ticket's pending timers due now (instead of waiting minutes), and wakes the workers. */
export async function fireTimers(server: TestServer, ticketId: number): Promise<number> {
  const timers = await pendingTimers(server, ticketId);
  await server.ctx.db.execute(
    sql`update pgboss.job set start_after = now() where name = 'chatbot.event' and data->>'ticketId' = ${String(ticketId)} and state = 'created'`,
  );
  return timers.length;
}
