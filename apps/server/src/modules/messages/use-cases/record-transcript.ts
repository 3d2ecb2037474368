import type { TranscriptStatus } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import type { Db } from '../../../platform/db/client.js';
import type { DomainEvent } from '../../../platform/events/domain-events.js';
import { transact } from '../../../platform/events/transact.js';
import { findMessageById, updateMessageRow, type MessageRow } from '../messages.repository.js';

/** The message an audio transcription reads (tenant-scoped). */
export async function messageToTranscribe(db: Db, tenantId: number, messageId: string): Promise<MessageRow | undefined> {
  return findMessageById(db, tenantId, messageId);
}

/**
 * An audio message's transcript changed (ai-bots' transcription job): stored with the message and
 * pushed to the inbox ('message.updated'). A finished transcript (`done`) is never overwritten, so
 * a retried or repeated job changes nothing; a deleted message keeps no transcript.
 */
export async function recordTranscript(
  ctx: AppContext,
  input: { tenantId: number; messageId: string; status: TranscriptStatus; text?: string | null },
  within?: { tx: Db; events: DomainEvent[] },
): Promise<boolean> {
  const apply = async (tx: Db, events: DomainEvent[]) => {
    const message = await findMessageById(tx, input.tenantId, input.messageId);
    if (!message || message.deleted || message.transcriptStatus === 'done') return false;
    await updateMessageRow(tx, input.tenantId, message.id, { transcriptStatus: input.status, transcript: input.text ?? null });
    if (message.ticketId !== null)
      events.push({ type: 'message.updated', tenantId: input.tenantId, ticketId: message.ticketId, messageId: message.id });
    return true;
  };
  return within ? apply(within.tx, within.events) : transact(ctx, apply);
}
