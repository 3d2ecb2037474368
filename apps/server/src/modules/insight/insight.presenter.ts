import type { Dashboard, DashboardGranularity } from '@conversa/shared';
import type { DashboardRow } from './insight.repository.js';

const num = (value: number | string | null): number | null => (value === null ? null : Number(value));

/** The statement's row as the `dashboardSchema` answer (numerics as numbers, bucket starts as ISO instants). */
export function presentDashboard(
  row: DashboardRow,
  range: { from: Date; to: Date; granularity: DashboardGranularity; timeZone: string },
): Dashboard {
  const { totals } = row;
  return {
    range: { from: range.from.toISOString(), to: range.to.toISOString(), granularity: range.granularity, timeZone: range.timeZone },
    totals: {
      tickets: totals.tickets,
      open: totals.open,
      pending: totals.pending,
      closed: totals.closed,
      receptive: totals.receptive,
      active: totals.active,
      newContacts: row.newContacts,
      avgFirstResponseSeconds: num(totals.avgFirstResponse),
      avgHandlingSeconds: num(totals.avgHandling),
      avgRating: num(totals.avgRating),
      ratings: totals.ratings,
    },
    byChannel: row.byChannel.map((c) => ({ channelId: c.channelId, name: c.name, type: c.type, tickets: c.tickets })),
    byQueue: row.byQueue.map((q) => ({ queueId: q.queueId, name: q.name, tickets: q.tickets })),
    byStatus: row.byStatus.map((s) => ({ status: s.status, tickets: s.tickets })),
    byUser: row.byUser.map((u) => ({
      userId: u.userId,
      name: u.name,
      tickets: u.tickets,
      open: u.open,
      closed: u.closed,
      avgFirstResponseSeconds: num(u.avgFirstResponse),
      avgHandlingSeconds: num(u.avgHandling),
    })),
    evolution: row.evolution.map((b) => ({
      at: new Date(Number(b.at)).toISOString(),
      tickets: b.tickets,
      receptive: b.receptive,
      active: b.active,
    })),
  };
}
