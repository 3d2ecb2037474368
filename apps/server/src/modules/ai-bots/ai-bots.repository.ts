import type { AiProvider, BotIntegration, IntegrationBotName } from '@conversa/shared';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import {
  aiBotReplies,
  aiProviderSettings,
  botIntegrationSessions,
  botIntegrationSettings,
  channelAiBots,
  channels,
  tickets,
} from '../../platform/db/schema.js';
import type { Bindable } from '../../platform/db/prepared.js';

export type AiSettingsRow = typeof aiProviderSettings.$inferSelect;
export type NewAiSettings = Omit<typeof aiProviderSettings.$inferInsert, 'tenantId' | 'provider' | 'createdAt' | 'updatedAt'>;
export type ChannelAiBotRow = typeof channelAiBots.$inferSelect;
export type NewChannelAiBot = Omit<typeof channelAiBots.$inferInsert, 'tenantId' | 'channelId' | 'createdAt' | 'updatedAt'>;
export type AiReplyRow = typeof aiBotReplies.$inferSelect;
export type BotIntegrationRow = typeof botIntegrationSettings.$inferSelect;
export type BotSessionRow = typeof botIntegrationSessions.$inferSelect;

// ---- tenant settings ----

export async function findAiSettings(db: Db, tenantId: number, provider: AiProvider): Promise<AiSettingsRow | undefined> {
  const [row] = await db
    .select()
    .from(aiProviderSettings)
    .where(and(eq(aiProviderSettings.tenantId, tenantId), eq(aiProviderSettings.provider, provider)));
  return row;
}

export async function listAiSettings(db: Db, tenantId: number): Promise<AiSettingsRow[]> {
  return db.select().from(aiProviderSettings).where(eq(aiProviderSettings.tenantId, tenantId));
}

export async function upsertAiSettings(db: Db, tenantId: number, provider: AiProvider, values: NewAiSettings): Promise<AiSettingsRow> {
  const [row] = await db
    .insert(aiProviderSettings)
    .values({ tenantId, provider, ...values })
    .onConflictDoUpdate({ target: [aiProviderSettings.tenantId, aiProviderSettings.provider], set: { ...values, updatedAt: sql`now()` } })
    .returning();
  return row;
}

export async function deleteAiSettings(db: Db, tenantId: number, provider: AiProvider): Promise<void> {
  await db.delete(aiProviderSettings).where(and(eq(aiProviderSettings.tenantId, tenantId), eq(aiProviderSettings.provider, provider)));
}

// ---- per channel ----

export async function findChannelAiBot(db: Db, tenantId: number, channelId: number): Promise<ChannelAiBotRow | undefined> {
  const [row] = await db
    .select()
    .from(channelAiBots)
    .where(and(eq(channelAiBots.tenantId, tenantId), eq(channelAiBots.channelId, channelId)));
  return row;
}

export async function upsertChannelAiBot(db: Db, tenantId: number, channelId: number, values: NewChannelAiBot): Promise<ChannelAiBotRow> {
  const [row] = await db
    .insert(channelAiBots)
    .values({ tenantId, channelId, ...values })
    .onConflictDoUpdate({
      target: channelAiBots.channelId,
      set: { ...values, updatedAt: sql`now()` },
      setWhere: eq(channelAiBots.tenantId, tenantId),
    })
    .returning();
  return row;
}

export async function deleteChannelAiBot(db: Db, tenantId: number, channelId: number): Promise<void> {
  await db.delete(channelAiBots).where(and(eq(channelAiBots.tenantId, tenantId), eq(channelAiBots.channelId, channelId)));
}

/**
 * The inbound step's hint (one scalar): the ticket's switches, the channel's bot (its stop and
 * restart words, else its integration's own) and whether the channel's later automations wait for
 * a bot; channelBot null when the channel has no bot.
 */
export function aiBotProbe(tenantId: Bindable<number>, ticketId: Bindable<number>, channelId: Bindable<number>): SQL {
  const own = (field: string) =>
    sql`(select ${botIntegrationSettings.config} ->> ${field} from ${botIntegrationSettings} where ${botIntegrationSettings.tenantId} = ${tenantId} and ${botIntegrationSettings.kind} = ${channelAiBots.provider})`;
  return sql`select json_build_object('statuses', ${tickets.integrationStatuses}, 'channelBot', (
      select json_build_object('provider', ${channelAiBots.provider}, 'stopWord', coalesce(${channelAiBots.stopWord}, ${own('stopWord')}), 'restartWord', coalesce(${channelAiBots.restartWord}, ${own('restartWord')}), 'answerNewTickets', ${channelAiBots.answerNewTickets})
      from ${channelAiBots} where ${channelAiBots.tenantId} = ${tenantId} and ${channelAiBots.channelId} = ${channelId}))
    from ${tickets} where ${tickets.tenantId} = ${tenantId} and ${tickets.id} = ${ticketId}`;
}

/** A channel's integration options (SPEC §3 Channel). */
export async function findChannelIntegrationOptions(db: Db, tenantId: number, channelId: number) {
  const [row] = await db
    .select({
      disableIntegrationsOnOpen: channels.disableIntegrationsOnOpen,
      waitIntegrationProcessing: channels.waitIntegrationProcessing,
    })
    .from(channels)
    .where(and(eq(channels.tenantId, tenantId), eq(channels.id, channelId)));
  return row;
}

export async function updateChannelIntegrationOptions(
  db: Db,
  tenantId: number,
  channelId: number,
  values: { disableIntegrationsOnOpen: boolean; waitIntegrationProcessing: boolean },
): Promise<void> {
  await db
    .update(channels)
    .set(values)
    .where(and(eq(channels.tenantId, tenantId), eq(channels.id, channelId)));
}

// ---- integrations (Typebot, Dify, n8n) ----

export async function findBotIntegration(db: Db, tenantId: number, kind: BotIntegration): Promise<BotIntegrationRow | undefined> {
  const [row] = await db
    .select()
    .from(botIntegrationSettings)
    .where(and(eq(botIntegrationSettings.tenantId, tenantId), eq(botIntegrationSettings.kind, kind)));
  return row;
}

export async function listBotIntegrations(db: Db, tenantId: number): Promise<BotIntegrationRow[]> {
  return db.select().from(botIntegrationSettings).where(eq(botIntegrationSettings.tenantId, tenantId));
}

export async function upsertBotIntegration(
  db: Db,
  tenantId: number,
  kind: BotIntegration,
  values: { apiKey: string | null; config: Record<string, unknown> },
): Promise<BotIntegrationRow> {
  const [row] = await db
    .insert(botIntegrationSettings)
    .values({ tenantId, kind, ...values })
    .onConflictDoUpdate({
      target: [botIntegrationSettings.tenantId, botIntegrationSettings.kind],
      set: { ...values, updatedAt: sql`now()` },
    })
    .returning();
  return row;
}

export async function deleteBotIntegration(db: Db, tenantId: number, kind: BotIntegration): Promise<void> {
  await db.delete(botIntegrationSettings).where(and(eq(botIntegrationSettings.tenantId, tenantId), eq(botIntegrationSettings.kind, kind)));
}

export async function findBotSession(db: Db, tenantId: number, ticketId: number, kind: BotIntegration): Promise<BotSessionRow | undefined> {
  const [row] = await db
    .select()
    .from(botIntegrationSessions)
    .where(
      and(
        eq(botIntegrationSessions.tenantId, tenantId),
        eq(botIntegrationSessions.ticketId, ticketId),
        eq(botIntegrationSessions.kind, kind),
      ),
    );
  return row;
}

export async function saveBotSession(
  db: Db,
  values: { tenantId: number; ticketId: number; kind: BotIntegration; sessionId: string | null; choices: string[] | null },
): Promise<void> {
  await db
    .insert(botIntegrationSessions)
    .values(values)
    .onConflictDoUpdate({
      target: [botIntegrationSessions.ticketId, botIntegrationSessions.kind],
      set: { sessionId: values.sessionId, choices: values.choices, updatedAt: sql`now()` },
      setWhere: eq(botIntegrationSessions.tenantId, values.tenantId),
    });
}

export async function deleteBotSession(db: Db, tenantId: number, ticketId: number, kind: BotIntegration): Promise<void> {
  await db
    .delete(botIntegrationSessions)
    .where(
      and(
        eq(botIntegrationSessions.tenantId, tenantId),
        eq(botIntegrationSessions.ticketId, ticketId),
        eq(botIntegrationSessions.kind, kind),
      ),
    );
}

// ---- replies ----

/** The claim of the reply to one inbound message; undefined when it was claimed before. */
export async function insertAiReplyClaim(
  db: Db,
  values: { tenantId: number; ticketId: number; inboundMessageId: string; provider: IntegrationBotName },
): Promise<AiReplyRow | undefined> {
  const [row] = await db
    .insert(aiBotReplies)
    .values(values)
    .onConflictDoNothing({ target: [aiBotReplies.tenantId, aiBotReplies.inboundMessageId] })
    .returning();
  return row;
}

export async function findAiReply(db: Db, tenantId: number, id: string, options: { lock?: boolean } = {}): Promise<AiReplyRow | undefined> {
  const query = db
    .select()
    .from(aiBotReplies)
    .where(and(eq(aiBotReplies.tenantId, tenantId), eq(aiBotReplies.id, id)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function finishAiReply(
  db: Db,
  tenantId: number,
  id: string,
  changes: { status: 'answered' | 'failed' | 'skipped'; replyMessageId?: string | null; error?: string | null },
): Promise<void> {
  await db
    .update(aiBotReplies)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(aiBotReplies.tenantId, tenantId), eq(aiBotReplies.id, id)));
}
