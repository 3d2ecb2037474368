import type { SettingKey } from '@conversa/shared';
import type { TicketVisibilityFacts } from '../../platform/events/domain-events.js';
import { rooms } from '../../platform/realtime/rooms.js';
import { isAdmin, type Actor } from '../auth/actor.js';

/**
 * Who sees which ticket (SPEC §6 and the settings NotViewAssignedTickets, NotViewTicketsChatBot,
 * ViewTicketsWithoutQueue, DirectTicketsToWallets, mostrarFechadoParaTodos, mostrarGruposParaTodos,
 * supervisorAdmin). One rule feeds the list query (SQL, in the repository), single-ticket checks and
 * the realtime rooms, so the three cannot disagree.
 */
export type VisibilityRule =
  | { all: true }
  | {
      all: false;
      userId: number;
      queueIds: number[];
      noQueue: boolean;
      hideAssignedToOthers: boolean;
      hideChatbot: boolean;
      walletsOnly: boolean;
      /** mostrarFechadoParaTodos disabled: closed tickets only when they were the user's. */
      hideClosed: boolean;
      /** mostrarGruposParaTodos disabled: group tickets only when assigned to the user. */
      hideGroups: boolean;
    };

export type TenantSettings = Record<SettingKey, string>;
const on = (settings: TenantSettings, key: SettingKey) => settings[key] === 'enabled';

/**
 * Admins, and supervisors unless supervisorAdmin reduces them to the regular users' logic, see every
 * ticket (SPEC §6), join the admins' room and are not held by the settings below.
 */
export function seesAsAdmin(actor: Pick<Actor, 'profile'>, settings: TenantSettings): boolean {
  return isAdmin(actor as Actor) || (actor.profile === 'super' && !on(settings, 'supervisorAdmin'));
}

/**
 * SPEC §6 show-all works only for admins and supervisors, and is their default: they see every
 * queue's tickets unless they ask for their own scope (showAll false), whatever queues they belong to.
 */
export function visibilityRule(
  actor: Actor,
  queueIds: number[],
  settings: TenantSettings,
  options: { showAll?: boolean; includeNoQueue?: boolean } = {},
): VisibilityRule {
  const elevated = seesAsAdmin(actor, settings);
  if ((options.showAll ?? true) && elevated) return { all: true };
  return {
    all: false,
    userId: actor.userId,
    queueIds,
    noQueue: (options.includeNoQueue ?? true) && (on(settings, 'ViewTicketsWithoutQueue') || elevated),
    hideAssignedToOthers: on(settings, 'NotViewAssignedTickets') && !elevated,
    hideChatbot: on(settings, 'NotViewTicketsChatBot') && !elevated,
    walletsOnly: on(settings, 'DirectTicketsToWallets') && !elevated,
    hideClosed: !on(settings, 'mostrarFechadoParaTodos') && !elevated,
    hideGroups: !on(settings, 'mostrarGruposParaTodos') && !elevated,
  };
}

/** The same rule as the SQL, for one ticket already loaded (walletUserIds: owners of its contact). */
export function canSeeTicket(rule: VisibilityRule, ticket: TicketVisibilityFacts, walletUserIds: number[]): boolean {
  if (rule.all || ticket.userId === rule.userId) return true;
  if (rule.hideClosed && ticket.status === 'closed') return false;
  if (rule.hideGroups && ticket.isGroup === true) return false;
  if (rule.hideAssignedToOthers && ticket.userId !== null) return false;
  if (rule.hideChatbot && ticket.chatFlowId !== null && ticket.userId === null) return false;
  // With DirectTicketsToWallets a wallet contact's tickets belong to its owners, whatever their queue.
  if (rule.walletsOnly && walletUserIds.length > 0) return walletUserIds.includes(rule.userId);
  return ticket.queueId === null ? rule.noQueue : rule.queueIds.includes(ticket.queueId);
}

/** Rooms that must hear about a ticket in this state: never a room of agents who may not see it. */
export function roomsForTicket(
  tenantId: number,
  ticket: TicketVisibilityFacts,
  settings: TenantSettings,
  walletUserIds: number[],
): string[] {
  const result = [rooms.admins(tenantId)];
  if (ticket.userId !== null) result.push(rooms.user(tenantId, ticket.userId));
  const hiddenFromPeers =
    (!on(settings, 'mostrarFechadoParaTodos') && ticket.status === 'closed') ||
    (!on(settings, 'mostrarGruposParaTodos') && ticket.isGroup === true) ||
    (on(settings, 'NotViewAssignedTickets') && ticket.userId !== null) ||
    (on(settings, 'NotViewTicketsChatBot') && ticket.chatFlowId !== null && ticket.userId === null);
  if (hiddenFromPeers) return result;
  if (on(settings, 'DirectTicketsToWallets') && walletUserIds.length > 0) {
    return [...result, ...walletUserIds.map((u) => rooms.user(tenantId, u))];
  }
  if (ticket.queueId !== null) result.push(rooms.queue(tenantId, ticket.queueId));
  else if (on(settings, 'ViewTicketsWithoutQueue')) result.push(rooms.noQueue(tenantId));
  return result;
}
