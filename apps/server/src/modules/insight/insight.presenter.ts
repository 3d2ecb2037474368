import type { Dashboard, DashboardGranularity } from '@conversa/shared';
import type { DashboardGroup, DashboardRow } from './insight.repository.js';

/** Sums and counts of some of the range's tickets, added up from the statement's groups. */
interface Tally {
  tickets: number;
  open: number;
  pending: number;
  closed: number;
  firstResponseSum: number;
  firstResponses: number;
  handlingSum: number;
  handled: number;
  ratingSum: number;
  ratings: number;
}

const emptyTally = (): Tally => ({
  tickets: 0,
  open: 0,
  pending: 0,
  closed: 0,
  firstResponseSum: 0,
  firstResponses: 0,
  handlingSum: 0,
  handled: 0,
  ratingSum: 0,
  ratings: 0,
});

function add(tally: Tally, g: DashboardGroup): void {
  tally.tickets += g.tickets;
  if (g.status === 'open') tally.open += g.tickets;
  else if (g.status === 'pending') tally.pending += g.tickets;
  else if (g.status === 'closed') tally.closed += g.tickets;
  tally.firstResponseSum += Number(g.firstResponseSum);
  tally.firstResponses += g.firstResponses;
  tally.handlingSum += Number(g.handlingSum);
  tally.handled += g.handled;
  tally.ratingSum += Number(g.ratingSum);
  tally.ratings += g.ratings;
}

/** Whole seconds; null when nothing was counted. */
const average = (sum: number, count: number): number | null => (count > 0 ? Math.round(sum / count) : null);

/** Groups added up per key, in first-seen order, with the key's fields of its first group. */
function tallyBy<K, F>(
  groups: DashboardGroup[],
  key: (g: DashboardGroup) => K,
  fields: (g: DashboardGroup) => F,
): (F & { tally: Tally })[] {
  const byKey = new Map<K, F & { tally: Tally }>();
  for (const g of groups) {
    let entry = byKey.get(key(g));
    if (!entry) byKey.set(key(g), (entry = { ...fields(g), tally: emptyTally() }));
    add(entry.tally, g);
  }
  return [...byKey.values()];
}

/** Busiest first, then by name (none last), then by id: a stable order for the charts and tables. */
function busiestFirst<T extends { tally: Tally; name: string | null; id: number | null }>(a: T, b: T): number {
  if (a.tally.tickets !== b.tally.tickets) return b.tally.tickets - a.tally.tickets;
  if (a.name !== b.name) return a.name === null ? 1 : b.name === null ? -1 : a.name < b.name ? -1 : 1;
  return (a.id ?? Number.MAX_SAFE_INTEGER) - (b.id ?? Number.MAX_SAFE_INTEGER);
}

/** The statement's groups and buckets as the `dashboardSchema` answer. */
export function presentDashboard(
  row: DashboardRow,
  range: { from: Date; to: Date; granularity: DashboardGranularity; timeZone: string },
): Dashboard {
  const { groups } = row;
  const totals = emptyTally();
  for (const g of groups) add(totals, g);
  const receptive = row.evolution.reduce((sum, b) => sum + b.receptive, 0);
  const channels = tallyBy(
    groups,
    (g) => g.channelId,
    (g) => ({ id: g.channelId, name: g.channelName, type: g.channelType }),
  );
  const queues = tallyBy(
    groups,
    (g) => g.queueId,
    (g) => ({ id: g.queueId, name: g.queueName }),
  );
  const statuses = tallyBy(
    groups,
    (g) => g.status,
    (g) => ({ id: null, name: g.status }),
  );
  const users = tallyBy(
    groups,
    (g) => g.userId,
    (g) => ({ id: g.userId, name: g.userName }),
  );
  return {
    range: { from: range.from.toISOString(), to: range.to.toISOString(), granularity: range.granularity, timeZone: range.timeZone },
    totals: {
      tickets: totals.tickets,
      open: totals.open,
      pending: totals.pending,
      closed: totals.closed,
      receptive,
      active: totals.tickets - receptive,
      newContacts: row.newContacts,
      avgFirstResponseSeconds: average(totals.firstResponseSum, totals.firstResponses),
      avgHandlingSeconds: average(totals.handlingSum, totals.handled),
      avgRating: totals.ratings > 0 ? Math.round((totals.ratingSum / totals.ratings) * 100) / 100 : null,
      ratings: totals.ratings,
    },
    byChannel: channels.sort(busiestFirst).map((c) => ({ channelId: c.id, name: c.name, type: c.type, tickets: c.tally.tickets })),
    byQueue: queues.sort(busiestFirst).map((q) => ({ queueId: q.id, name: q.name, tickets: q.tally.tickets })),
    byStatus: statuses.sort(busiestFirst).map((s) => ({ status: s.name, tickets: s.tally.tickets })),
    byUser: users.sort(busiestFirst).map((u) => ({
      userId: u.id,
      name: u.name,
      tickets: u.tally.tickets,
      open: u.tally.open,
      closed: u.tally.closed,
      avgFirstResponseSeconds: average(u.tally.firstResponseSum, u.tally.firstResponses),
      avgHandlingSeconds: average(u.tally.handlingSum, u.tally.handled),
    })),
    evolution: row.evolution.map((b) => ({
      at: new Date(Number(b.at)).toISOString(),
      tickets: b.tickets,
      receptive: b.receptive,
      active: b.tickets - b.receptive,
    })),
  };
}
