import type { AiProvider } from '@conversa/shared';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { aiBotReplies, aiProviderSettings, channelAiBots, tickets } from '../../platform/db/schema.js';

export type AiSettingsRow = typeof aiProviderSettings.$inferSelect;
export type NewAiSettings = Omit<typeof aiProviderSettings.$inferInsert, 'tenantId' | 'provider' | 'createdAt' | 'updatedAt'>;
export type ChannelAiBotRow = typeof channelAiBots.$inferSelect;
export type NewChannelAiBot = Omit<typeof channelAiBots.$inferInsert, 'tenantId' | 'channelId' | 'createdAt' | 'updatedAt'>;
export type AiReplyRow = typeof aiBotReplies.$inferSelect;

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
 * The inbound step's hint (one scalar): the ticket's switches and the channel's bot, or null when
 * neither could make the bot answer (no switch on and no bot on the channel).
 */
export function aiBotProbe(tenantId: number, ticketId: number, channelId: number): SQL {
  return sql`select json_build_object('statuses', ${tickets.integrationStatuses}, 'channelBot', (
      select json_build_object('provider', ${channelAiBots.provider}, 'stopWord', ${channelAiBots.stopWord}, 'restartWord', ${channelAiBots.restartWord}, 'answerNewTickets', ${channelAiBots.answerNewTickets})
      from ${channelAiBots} where ${channelAiBots.tenantId} = ${tenantId} and ${channelAiBots.channelId} = ${channelId}))
    from ${tickets} where ${tickets.tenantId} = ${tenantId} and ${tickets.id} = ${ticketId}`;
}

// ---- replies ----

/** The claim of the reply to one inbound message; undefined when it was claimed before. */
export async function insertAiReplyClaim(
  db: Db,
  values: { tenantId: number; ticketId: number; inboundMessageId: string; provider: AiProvider },
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
