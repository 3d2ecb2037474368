/**
 * Whose a ticket is, one rule for the server (who may reassign, who may write) and the web app (which
 * actions and composer it shows), without zod: attending it (open), or waited for (pending with
 * their name: transferred to them, or given by auto-distribution or a wallet).
 */
export interface TicketHolding {
  status: string;
  userId: number | null;
}

/** Another user than `userId` is attending the ticket (open with their name). */
export function isAttendedByOther(ticket: TicketHolding, userId: number | null | undefined): boolean {
  return ticket.status === 'open' && ticket.userId !== null && ticket.userId !== userId;
}

/** The ticket waits for another user than `userId` (pending with their name). */
export function waitsForOther(ticket: TicketHolding, userId: number | null | undefined): boolean {
  return ticket.status === 'pending' && ticket.userId !== null && ticket.userId !== userId;
}

/** Another user has the ticket: attending it, or it waits for them. */
export function isHeldByOther(ticket: TicketHolding, userId: number | null | undefined): boolean {
  return isAttendedByOther(ticket, userId) || waitsForOther(ticket, userId);
}
