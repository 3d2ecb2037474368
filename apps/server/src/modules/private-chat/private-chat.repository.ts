import { and, asc, count, desc, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { privateChatReads, privateMessages, users } from '../../platform/db/schema.js';

export type PrivateMessageRow = typeof privateMessages.$inferSelect;
export type PrivateMessageView = PrivateMessageRow & { senderName: string };
export type NewPrivateMessage = Pick<PrivateMessageRow, 'senderId' | 'receiverId' | 'teamId' | 'body'> &
  Partial<Pick<PrivateMessageRow, 'mediaType' | 'mediaKey' | 'mediaName' | 'mediaMime' | 'mediaSize'>>;

const view = { ...getColumns(), senderName: users.name };
function getColumns() {
  const { id, tenantId, senderId, receiverId, teamId, body, mediaType, mediaKey, mediaName, mediaMime, mediaSize, createdAt } =
    privateMessages;
  return { id, tenantId, senderId, receiverId, teamId, body, mediaType, mediaKey, mediaName, mediaMime, mediaSize, createdAt };
}
const withSender = (tenantId: number) => and(eq(users.id, privateMessages.senderId), eq(users.tenantId, tenantId));

/** The one-to-one conversation of `a` and `b`. */
const directOf = (tenantId: number, a: number, b: number) =>
  and(
    eq(privateMessages.tenantId, tenantId),
    isNull(privateMessages.teamId),
    or(
      and(eq(privateMessages.senderId, a), eq(privateMessages.receiverId, b)),
      and(eq(privateMessages.senderId, b), eq(privateMessages.receiverId, a)),
    ),
  );
const teamOf = (tenantId: number, teamId: number) => and(eq(privateMessages.tenantId, tenantId), eq(privateMessages.teamId, teamId));

export type ConversationScope = { type: 'user'; me: number; other: number } | { type: 'team'; teamId: number };
const scopeWhere = (tenantId: number, scope: ConversationScope) =>
  scope.type === 'user' ? directOf(tenantId, scope.me, scope.other) : teamOf(tenantId, scope.teamId);

/** Whether `userId` is a user of the tenant. */
export async function isTenantUser(db: Db, tenantId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
  return row !== undefined;
}

export async function insertPrivateMessage(db: Db, tenantId: number, values: NewPrivateMessage): Promise<PrivateMessageRow> {
  const [row] = await db
    .insert(privateMessages)
    .values({ ...values, tenantId })
    .returning();
  return row;
}

export async function findPrivateMessage(db: Db, tenantId: number, id: number): Promise<PrivateMessageView | undefined> {
  const [row] = await db
    .select(view)
    .from(privateMessages)
    .innerJoin(users, withSender(tenantId))
    .where(and(eq(privateMessages.tenantId, tenantId), eq(privateMessages.id, id)));
  return row;
}

/** A page of a conversation, newest page first, each page oldest message first. */
export async function listConversationMessages(
  db: Db,
  tenantId: number,
  scope: ConversationScope,
  page: { limit: number; offset: number },
): Promise<{ rows: PrivateMessageView[]; hasMore: boolean }> {
  const rows = await db
    .select(view)
    .from(privateMessages)
    .innerJoin(users, withSender(tenantId))
    .where(scopeWhere(tenantId, scope))
    .orderBy(desc(privateMessages.id))
    .limit(page.limit + 1)
    .offset(page.offset);
  return { rows: rows.slice(0, page.limit).reverse(), hasMore: rows.length > page.limit };
}

export async function latestMessageId(db: Db, tenantId: number, scope: ConversationScope): Promise<number> {
  const [row] = await db
    .select({ id: sql<number | null>`max(${privateMessages.id})` })
    .from(privateMessages)
    .where(scopeWhere(tenantId, scope));
  return Number(row?.id ?? 0);
}

/** Moves the user's read mark of a conversation forward (never back); answers whether it moved. */
export async function markRead(db: Db, tenantId: number, userId: number, conversation: string, lastReadId: number): Promise<boolean> {
  const rows = await db
    .insert(privateChatReads)
    .values({ tenantId, userId, conversation, lastReadId })
    .onConflictDoUpdate({
      target: [privateChatReads.userId, privateChatReads.conversation],
      set: { lastReadId: sql`greatest(${privateChatReads.lastReadId}, excluded.last_read_id)` },
      setWhere: sql`${privateChatReads.lastReadId} < excluded.last_read_id`,
    })
    .returning({ id: privateChatReads.lastReadId });
  return rows.length > 0;
}

const readMark = (userId: number, conversation: ReturnType<typeof sql>) =>
  sql`coalesce((select ${privateChatReads.lastReadId} from ${privateChatReads} where ${privateChatReads.userId} = ${userId} and ${privateChatReads.conversation} = ${conversation}), 0)`;

/** Per other user: the last message of the user's one-to-one conversation with them and how many of theirs are unread. */
export async function directSummaries(
  db: Db,
  tenantId: number,
  me: number,
): Promise<Map<number, { last: PrivateMessageView | null; unread: number }>> {
  // Inlined (an integer of the actor, not input): DISTINCT ON and ORDER BY must be the same expression, parameters included.
  const self = sql.raw(String(Math.trunc(me)));
  const peer = sql<number>`case when ${privateMessages.senderId} = ${self} then ${privateMessages.receiverId} else ${privateMessages.senderId} end`;
  const lasts = await db
    .selectDistinctOn([peer], { ...view, peer })
    .from(privateMessages)
    .innerJoin(users, withSender(tenantId))
    .where(
      and(
        eq(privateMessages.tenantId, tenantId),
        isNull(privateMessages.teamId),
        or(eq(privateMessages.senderId, me), eq(privateMessages.receiverId, me)),
      ),
    )
    .orderBy(peer, desc(privateMessages.id));
  const unread = await db
    .select({ peer: privateMessages.senderId, n: count() })
    .from(privateMessages)
    .where(
      and(
        eq(privateMessages.tenantId, tenantId),
        eq(privateMessages.receiverId, me),
        gt(privateMessages.id, readMark(me, sql`'user:' || ${privateMessages.senderId}`)),
      ),
    )
    .groupBy(privateMessages.senderId);
  const result = new Map<number, { last: PrivateMessageView | null; unread: number }>();
  for (const { peer: other, ...last } of lasts) result.set(Number(other), { last, unread: 0 });
  for (const { peer: other, n } of unread) result.set(other, { last: result.get(other)?.last ?? null, unread: n });
  return result;
}

/** Per team among `teamIds`: its last message and how many of the others' messages the user has not read. */
export async function teamSummaries(
  db: Db,
  tenantId: number,
  me: number,
  teamIds: number[],
): Promise<Map<number, { last: PrivateMessageView | null; unread: number }>> {
  const result = new Map<number, { last: PrivateMessageView | null; unread: number }>();
  if (!teamIds.length) return result;
  const lasts = await db
    .selectDistinctOn([privateMessages.teamId], view)
    .from(privateMessages)
    .innerJoin(users, withSender(tenantId))
    .where(and(eq(privateMessages.tenantId, tenantId), inArray(privateMessages.teamId, teamIds)))
    .orderBy(asc(privateMessages.teamId), desc(privateMessages.id));
  const unread = await db
    .select({ teamId: privateMessages.teamId, n: count() })
    .from(privateMessages)
    .where(
      and(
        eq(privateMessages.tenantId, tenantId),
        inArray(privateMessages.teamId, teamIds),
        ne(privateMessages.senderId, me),
        gt(privateMessages.id, readMark(me, sql`'team:' || ${privateMessages.teamId}`)),
      ),
    )
    .groupBy(privateMessages.teamId);
  for (const last of lasts) if (last.teamId !== null) result.set(last.teamId, { last, unread: 0 });
  for (const { teamId, n } of unread) if (teamId !== null) result.set(teamId, { last: result.get(teamId)?.last ?? null, unread: n });
  return result;
}

export async function countTeamMessageRows(db: Db, tenantId: number, teamId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(privateMessages).where(teamOf(tenantId, teamId));
  return row?.n ?? 0;
}
