/** The server's contracts, as the widget sees them (kept in step with the web-chat schemas of the server). */

export const NAMESPACE = '/webchat';
export const EVENTS = { message: 'message', messageUpdate: 'message:update' } as const;
export const LIMITS = { bodyChars: 4096, nameChars: 80, uploadBytes: 10 * 1024 * 1024 } as const;

export interface WidgetConfig {
  /** Absent: the widget's own title in the visitor's language. */
  title?: string;
  /** Absent: the widget's own welcome in the visitor's language; empty: none. */
  welcomeMessage?: string;
  color: string;
}

export interface Session {
  visitorId: string;
  token: string;
  name: string;
}

/** A message of the conversation, as the server presents it to a visitor. */
export interface ServerMessage {
  id: string;
  clientId: string | null;
  from: 'visitor' | 'agent';
  body: string;
  mediaType: string | null;
  mediaName: string | null;
  mediaUrl: string | null;
  status: string;
  edited: boolean;
  deleted: boolean;
  createdAt: string;
  updatedAt: string;
}

/** A message on screen: a server message, or one of the visitor's not yet acknowledged. */
export interface ChatMessage extends Omit<ServerMessage, 'id' | 'status'> {
  /** Server id, or `local:<clientId>` until the server acknowledges it. */
  key: string;
  status: string | 'sending' | 'failed';
  error?: string;
}

export interface OutboxItem {
  clientId: string;
  body: string;
  createdAt: string;
}
