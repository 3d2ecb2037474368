import type { ChannelType } from '@conversa/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../../app-context.js';
import type { ChannelRow } from '../channels.repository.js';
import type { GroupAdmin } from './group-admin.js';

/** A message on its way out, as the send job hands it to an adapter. */
export interface OutboundMessage {
  messageId: string;
  ticketId: number;
  contact: { id: number; number: string | null; externalKey: string | null };
  body: string;
  /** `voice`: an audio file to deliver as a voice note (push-to-talk) where the provider tells them apart. */
  media?: { key: string; name: string; mime: string; type: string; voice?: boolean };
  quotedExternalId?: string | null;
  /**
   * Call right before the provider request that delivers the message (after throttling, uploads,
   * checks): it records in the database that the send is under way, so that a crash past this point
   * leaves an unconfirmed send instead of a duplicate. `externalId`: the id the provider will give
   * the message, where the adapter chooses it. Throws SendNotClaimedError when the message must not
   * go out (no longer pending, or claimed by an earlier attempt that may have sent it). Absent where
   * a repeated send is harmless (web chat).
   */
  claimSend?: (options?: { externalId?: string }) => Promise<void>;
}

export interface SendResult {
  /** The provider's id for the message (acks refer to it). */
  externalId: string;
  status: 'sent' | 'delivered';
}

/** An approved message template of a channel (WhatsApp Cloud API): its components' texts carry {{1}}, {{2}}… placeholders. */
export interface ChannelTemplate {
  name: string;
  language: string;
  category: string | null;
  components: Array<{
    type: string;
    format: string | null;
    text: string | null;
    buttons: Array<{ type: string; text: string; url: string | null }>;
  }>;
}

/**
 * One per channel type (DESIGN §3): a client for the provider, an inbound parser (its webhook or
 * socket entry point calls ingestInbound), and an error normaliser that throws AppError codes.
 */
export interface ChannelAdapter<Settings = Record<string, unknown>> {
  type: ChannelType;
  /** Validates the type's own settings when a channel is created or edited. */
  settingsSchema: z.ZodType<Settings>;
  /** Connects the channel (opens a session, registers a webhook…) and reports its status. */
  start(ctx: AppContext, channel: ChannelRow): Promise<void>;
  stop(ctx: AppContext, channel: ChannelRow): Promise<void>;
  /**
   * Reconnects without ending the session for good (QR-code kinds: the connection is closed and
   * opened again, the phone stays paired). Kinds without it are reconnected by `start`.
   */
  restart?(ctx: AppContext, channel: ChannelRow): Promise<void>;
  send(ctx: AppContext, channel: ChannelRow, message: OutboundMessage): Promise<SendResult>;
  /**
   * Whether the stored message is the delivery to this contact (web chat to a visitor: the widget
   * shows what is stored, pushed to its sockets after the commit and read from history on
   * reconnect). Such messages are stored as sent, without a send job; `send` remains for resends.
   */
  deliversOnStore?(contact: { externalKey: string | null }): boolean;
  /**
   * The provider sends a status callback naming Conversa's message id for every message it accepts,
   * and delivers it again until the webhook takes it (WABA: biz_opaque_callback_data). Then an
   * unconfirmed send that no callback named within SEND_RECONCILE_SECONDS provably never arrived,
   * and is sent again (reconcile-unconfirmed-send.ts). Without it an unconfirmed send is never
   * resent by the server: the agent decides (POST /messages/{id}/resend).
   */
  confirmsEverySend?: boolean;
  /**
   * Structured messages (POST /sendButton: reply buttons, a list, a template) where the provider
   * has them; `content` is what the route accepted, validated again by the adapter. A type without
   * this method refuses them up front.
   */
  sendRich?(ctx: AppContext, channel: ChannelRow, message: OutboundMessage, content: Record<string, unknown>): Promise<SendResult>;
  /**
   * The message templates the provider has approved for the channel (the official API's), with
   * their components: the template kinds of mass sending offer them. A type without this method
   * has no templates.
   */
  listTemplates?(ctx: AppContext, channel: ChannelRow): Promise<ChannelTemplate[]>;
  /** Edits and deletions "for everyone" where the provider allows them. */
  editMessage?(
    ctx: AppContext,
    channel: ChannelRow,
    message: { messageId: string; externalId: string | null; contact: OutboundMessage['contact'] },
    body: string,
  ): Promise<void>;
  deleteMessage?(
    ctx: AppContext,
    channel: ChannelRow,
    message: { messageId: string; externalId: string | null; contact: OutboundMessage['contact'] },
  ): Promise<void>;
  /**
   * The provider's inbound entry point (webhook), mounted under `/webhooks/<type>`. It verifies the
   * request (signature, secret) before anything is stored, hands messages to ingestInbound and
   * statuses to applyProviderStatus, and answers only after they are committed.
   */
  webhookRoutes?(ctx: AppContext): FastifyPluginAsync;
  /** Group administration (the /grupo tools) where the kind's library or gateway offers it; absent: not supported. */
  groups?: GroupAdmin;
  /** Frees what the adapter keeps outside the channel's rows once the channel is deleted (a session queue). */
  forget?(ctx: AppContext, channel: ChannelRow): Promise<void>;
}
