import type { MediaStore } from '../../../../platform/media/media-store.js';
import { presentMessage } from '../../../messages/messages.presenter.js';
import type { MessageRow } from '../../../messages/messages.repository.js';
import type { VisitorMessage, WebchatSettings } from './webchat.schemas.js';

/**
 * The external id of a visitor's message: namespaced by the visitor, so that the dedupe key of one
 * visitor can never collide with (and so swallow or reveal) another visitor's message.
 */
export const visitorExternalId = (visitorId: string, clientId: string) => `${visitorId}:${clientId}`;

/** The visitor's view of a message (built on presentMessage): no agent ids, ticket ids or errors. */
export function presentVisitorMessage(
  row: MessageRow,
  media: MediaStore,
  overrides: Partial<Pick<MessageRow, 'body' | 'edited' | 'deleted' | 'status'>> = {},
): VisitorMessage {
  const merged = { ...row, ...overrides };
  const message = presentMessage(merged, media);
  const clientId = !row.fromMe && row.externalId ? (row.externalId.split(':')[1] ?? null) : null;
  return {
    id: message.id,
    clientId,
    from: row.fromMe ? 'agent' : 'visitor',
    body: message.body,
    mediaType: message.mediaType,
    mediaName: message.mediaName,
    mediaUrl: message.mediaUrl,
    status: message.status,
    edited: message.edited,
    deleted: message.deleted,
    createdAt: message.createdAt,
    updatedAt: merged.updatedAt.toISOString(),
  };
}

/** What the widget needs before a session: never the allowed origins or other settings. */
export function presentWidgetConfig(settings: WebchatSettings) {
  return { title: settings.title, welcomeMessage: settings.welcomeMessage, color: settings.color };
}
