import { z } from 'zod';
import { idListQuery } from './id-list.js';

/**
 * The home dashboard (SPEC §2 "dashboards": totals, active, receptive, new contacts, average first
 * response, average handling time, breakdowns by channel, queue, status, user, evolution). One
 * request answers the whole set of figures for a date range and optional filters, within what the
 * user may see (admins everything, supervisors their queues, agents their own tickets). Shared by
 * the server's route (`GET /dashboard`) and the `/home` screen.
 */

/** The evolution's buckets: one per hour (a range of up to 2 days) or per day. */
export const DASHBOARD_GRANULARITIES = ['hour', 'day'] as const;
export type DashboardGranularity = (typeof DASHBOARD_GRANULARITIES)[number];

/** The longest range one request may ask (days). */
export const DASHBOARD_MAX_RANGE_DAYS = 366;
/** The longest range an hourly evolution may cover (days). */
export const DASHBOARD_MAX_HOURLY_DAYS = 2;

const idList = idListQuery(200);

/** The query string of `GET /dashboard`: `from` and `to` are instants (ISO 8601), `to` excluded. */
export const dashboardQuerySchema = z
  .object({
    from: z.iso.datetime({ offset: true }),
    to: z.iso.datetime({ offset: true }),
    granularity: z.enum(DASHBOARD_GRANULARITIES).default('day'),
    /** IANA zone the buckets of the evolution follow (days start at the user's midnight); default the tenant's. */
    timeZone: z.string().max(64).optional(),
    queueIds: idList,
    channelIds: idList,
    userIds: idList,
  })
  .superRefine((query, ctx) => {
    const from = Date.parse(query.from);
    const to = Date.parse(query.to);
    if (!(to > from)) ctx.addIssue({ code: 'custom', path: ['to'], message: 'The end must come after the start.' });
    else if (to - from > DASHBOARD_MAX_RANGE_DAYS * 86_400_000)
      ctx.addIssue({ code: 'custom', path: ['to'], message: `At most ${DASHBOARD_MAX_RANGE_DAYS} days at once.` });
    else if (query.granularity === 'hour' && to - from > DASHBOARD_MAX_HOURLY_DAYS * 86_400_000)
      ctx.addIssue({
        code: 'custom',
        path: ['granularity'],
        message: `Hourly evolution covers at most ${DASHBOARD_MAX_HOURLY_DAYS} days.`,
      });
  });
export type DashboardQuery = z.input<typeof dashboardQuerySchema>;

/** Seconds, or null when nothing in the range has the figure (no answered ticket, no rating…). */
const seconds = z.number().nonnegative().nullable();

export const dashboardTotalsSchema = z.object({
  /** Tickets created in the range. */
  tickets: z.number().int(),
  /** Of those, still open (in service) now. */
  open: z.number().int(),
  /** Of those, still pending (waiting in a queue or in the bot) now. */
  pending: z.number().int(),
  /** Of those, closed now (resolved conversations: not the DASHBOARD_OUTREACH_STATUS ones). */
  closed: z.number().int(),
  /** Started by the customer (their message opened the ticket). */
  receptive: z.number().int(),
  /** Started by the company (an agent, a campaign, the API: outreach). */
  active: z.number().int(),
  /** Contacts created in the range. */
  newContacts: z.number().int(),
  /** From the ticket's creation to the first message sent by an agent, averaged over the tickets that have one. */
  avgFirstResponseSeconds: seconds,
  /** From the ticket's creation to its close, averaged over the tickets closed in the range. */
  avgHandlingSeconds: seconds,
  /** Average of the ratings (0–5) answered for the range's tickets; null without any. */
  avgRating: z.number().nullable(),
  ratings: z.number().int(),
});

export const dashboardSchema = z.object({
  range: z.object({ from: z.string(), to: z.string(), granularity: z.enum(DASHBOARD_GRANULARITIES), timeZone: z.string() }),
  totals: dashboardTotalsSchema,
  byChannel: z.array(z.object({ channelId: z.number().int(), name: z.string(), type: z.string(), tickets: z.number().int() })),
  /** queueId null: tickets without a queue. */
  byQueue: z.array(z.object({ queueId: z.number().int().nullable(), name: z.string().nullable(), tickets: z.number().int() })),
  /** A ticket status, or DASHBOARD_OUTREACH_STATUS. */
  byStatus: z.array(z.object({ status: z.string(), tickets: z.number().int() })),
  /** userId null: tickets nobody took. */
  byUser: z.array(
    z.object({
      userId: z.number().int().nullable(),
      name: z.string().nullable(),
      tickets: z.number().int(),
      open: z.number().int(),
      closed: z.number().int(),
      avgFirstResponseSeconds: seconds,
      avgHandlingSeconds: seconds,
    }),
  ),
  /** One entry per bucket of the range, empty buckets included, in order; `at` is the bucket's start (ISO). */
  evolution: z.array(z.object({ at: z.string(), tickets: z.number().int(), receptive: z.number().int(), active: z.number().int() })),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
