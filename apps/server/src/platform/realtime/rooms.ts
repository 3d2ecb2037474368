/** Socket.IO rooms. The server assigns them after authenticating the socket; clients never choose. */
export const rooms = {
  tenant: (tenantId: number) => `tenant:${tenantId}`,
  user: (tenantId: number, userId: number) => `tenant:${tenantId}:user:${userId}`,
  /** The sockets of one login session (refresh family): logout ends only these. */
  session: (sessionId: string) => `session:${sessionId}`,
  admins: (tenantId: number) => `tenant:${tenantId}:admins`,
  /** Every agent socket of the tenant, blocked for payment or not: hears only the billing state. */
  billing: (tenantId: number) => `tenant:${tenantId}:billing`,
  queue: (tenantId: number, queueId: number) => `tenant:${tenantId}:queue:${queueId}`,
  /** Every agent of the tenant; receives tickets without queue only when the tenant's settings allow it. */
  noQueue: (tenantId: number) => `tenant:${tenantId}:noqueue`,
  ticket: (tenantId: number, ticketId: number) => `tenant:${tenantId}:ticket:${ticketId}`,
  visitor: (visitorId: string) => `visitor:${visitorId}`,
};
