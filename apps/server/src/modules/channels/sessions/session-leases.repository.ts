import { and, eq, inArray, lt, notInArray, or, sql } from 'drizzle-orm';
import type { ChannelStatus } from '@conversa/shared';
import type { Db } from '../../../platform/db/client.js';
import { channels, channelSessionLeases } from '../../../platform/db/schema.js';
import type { ChannelRow } from '../channels.repository.js';

export type SessionLeaseRow = typeof channelSessionLeases.$inferSelect;

const expiresIn = (ttlMs: number) => sql`now() + ${ttlMs} * interval '1 millisecond'`;

/**
 * Takes the channel's session lease when it is free, expired or already ours (then it is
 * extended). Undefined when another owner holds a live lease. One statement: two processes racing
 * for the same channel cannot both win (the row lock of the upsert decides).
 */
export async function acquireSessionLease(
  db: Db,
  input: { tenantId: number; channelId: number; owner: string; ttlMs: number },
): Promise<SessionLeaseRow | undefined> {
  const [row] = await db
    .insert(channelSessionLeases)
    .values({
      channelId: input.channelId,
      tenantId: input.tenantId,
      owner: input.owner,
      expiresAt: expiresIn(input.ttlMs),
      acquiredAt: sql`now()`,
    })
    .onConflictDoUpdate({
      target: channelSessionLeases.channelId,
      set: {
        owner: sql`excluded.owner`,
        expiresAt: sql`excluded.expires_at`,
        // Renewing our own lease keeps the time it was first taken.
        acquiredAt: sql`case when ${channelSessionLeases.owner} = excluded.owner then ${channelSessionLeases.acquiredAt} else excluded.acquired_at end`,
      },
      setWhere: or(sql`${channelSessionLeases.owner} = excluded.owner`, lt(channelSessionLeases.expiresAt, sql`now()`)),
    })
    .returning();
  return row;
}

/** Extends the leases this owner still holds; returns the channel ids renewed (any other was lost). */
export async function renewSessionLeases(db: Db, owner: string, channelIds: number[], ttlMs: number): Promise<number[]> {
  if (channelIds.length === 0) return [];
  const rows = await db
    .update(channelSessionLeases)
    .set({ expiresAt: expiresIn(ttlMs) })
    .where(
      and(
        eq(channelSessionLeases.owner, owner),
        inArray(channelSessionLeases.channelId, channelIds),
        sql`${channelSessionLeases.expiresAt} >= now()`,
      ),
    )
    .returning({ channelId: channelSessionLeases.channelId });
  return rows.map((r) => r.channelId);
}

/** Gives a lease up; with `owner`, only when that owner still holds it. */
export async function releaseSessionLease(db: Db, tenantId: number, channelId: number, owner?: string): Promise<void> {
  await db
    .delete(channelSessionLeases)
    .where(
      and(
        eq(channelSessionLeases.tenantId, tenantId),
        eq(channelSessionLeases.channelId, channelId),
        owner === undefined ? undefined : eq(channelSessionLeases.owner, owner),
      ),
    );
}

/** The live (not expired) lease of a channel, if any. */
export async function findLiveSessionLease(db: Db, tenantId: number, channelId: number): Promise<SessionLeaseRow | undefined> {
  const [row] = await db
    .select()
    .from(channelSessionLeases)
    .where(
      and(
        eq(channelSessionLeases.tenantId, tenantId),
        eq(channelSessionLeases.channelId, channelId),
        sql`${channelSessionLeases.expiresAt} >= now()`,
      ),
    );
  return row;
}

/**
 * Channels of the given types (every tenant: this is the platform's sweep) that should have a
 * session but whose lease is missing or expired: their holder died. Channels in one of
 * `restingStatuses` were stopped on purpose (or wait for a user) and are left alone.
 */
export async function listOrphanedSessionChannels(
  db: Db,
  types: string[],
  restingStatuses: ChannelStatus[],
  limit = 100,
): Promise<ChannelRow[]> {
  if (types.length === 0) return [];
  const rows = await db
    .select({ channel: channels })
    .from(channels)
    .leftJoin(channelSessionLeases, eq(channelSessionLeases.channelId, channels.id))
    .where(
      and(
        inArray(channels.type, types as ChannelRow['type'][]),
        notInArray(channels.status, restingStatuses),
        or(sql`${channelSessionLeases.channelId} is null`, lt(channelSessionLeases.expiresAt, sql`now()`)),
      ),
    )
    .orderBy(channels.id)
    .limit(limit);
  return rows.map((r) => r.channel);
}
