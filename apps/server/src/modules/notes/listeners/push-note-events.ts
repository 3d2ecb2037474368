import { NOTE_SOCKET_EVENT, type NoteSocketPayload } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import type { DomainEvent } from '../../../platform/events/domain-events.js';
import type { Realtime } from '../../../platform/realtime/realtime.js';
import { AGENTS_NAMESPACE } from '../../users/agent-sockets.js';
import { ticketAudienceRooms } from '../../tickets/use-cases/ticket-audience.js';
import { presentNote } from '../notes.presenter.js';
import { findNoteView } from '../notes.repository.js';

/**
 * Pushes committed note changes to the agents who may see the ticket (the tickets policy's rooms),
 * never to a customer: the visitor namespace and the channel adapters never hear of notes.
 */
export function pushNoteEvents(ctx: AppContext, realtime: Realtime): void {
  ctx.events.subscribe(async (event: DomainEvent) => {
    if (event.type !== 'note.created' && event.type !== 'note.changed') return;
    const roomList = await ticketAudienceRooms(ctx, event.tenantId, event.ticketId);
    if (!roomList) return;
    let payload: NoteSocketPayload;
    if (event.type === 'note.changed' && event.action === 'delete') {
      payload = { action: 'delete', noteId: event.noteId, ticketId: event.ticketId };
    } else {
      const note = await findNoteView(ctx.db, event.tenantId, event.noteId);
      if (!note) return;
      payload = { action: event.type === 'note.created' ? 'create' : 'update', note: presentNote(note) };
    }
    realtime.emit(AGENTS_NAMESPACE, roomList, NOTE_SOCKET_EVENT, payload);
  });
}
