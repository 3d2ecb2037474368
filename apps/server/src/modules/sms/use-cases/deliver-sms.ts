import type { AppContext } from '../../../app-context.js';
import type { JobAttempt } from '../../../platform/jobs/define-job.js';
import { transact } from '../../../platform/events/transact.js';
import { sendFailureKind } from '../../../platform/http/send-outcome.js';
import { SmsProviderError, type SmsProviderClient } from '../providers/sms-provider.js';
import { findSms, knownSmsProviderIds, transitionSms, type SmsRow } from '../sms.repository.js';
import { smsProviderOf, smsStatusCallbackUrl } from './sms-provider-of.js';

/** Retries of the write that records a send's answer (the database may be restarting): ≈ 7.5 s in all. */
const RECORD_RETRY_MS = [500, 1_000, 2_000, 4_000];
/** A provider's message counts as this SMS's when created at most this long before the claim (clock skew) or any time after. */
const CLAIM_SKEW_MS = 2 * 60_000;

type Claim = { kind: 'claimed' | 'interrupted'; sms: SmsRow } | { kind: 'done' };

/**
 * The send job of one SMS (sms.send), exactly once as far as a crash allows:
 *
 * - a transaction claims it (queued → sending, with claimed_at) right before the provider call,
 *   and the provider's answer is recorded as soon as it comes (sent + provider id);
 * - a provider refusal fails it with the provider's code; throttling, the provider's own 5xx and a
 *   request that provably never left give the claim back (→ queued) for the job's retry;
 * - a request that may have reached the provider without an answer (connection reset, timeout,
 *   a cut-off answer) is flagged `unconfirmed`, never retried;
 * - a job that finds its SMS still `sending` ran before and was interrupted between the claim and
 *   the record (a crash, or a record that kept failing): it asks the provider for the recent
 *   messages to that number and adopts the one that is this SMS (same sender and text, created
 *   since the claim, not already another SMS's); if there is none or the provider cannot be asked,
 *   the SMS is flagged `unconfirmed`. It is never sent again. A later status callback names the
 *   SMS in its URL and settles an unconfirmed one (apply-sms-status.ts).
 */
export async function deliverSms(ctx: AppContext, input: { tenantId: number; smsId: string }, attempt: JobAttempt): Promise<void> {
  const { tenantId, smsId } = input;
  const claim = await transact(ctx, async (tx, events): Promise<Claim> => {
    const sms = await findSms(tx, tenantId, smsId, { lock: true });
    if (sms?.status === 'sending') return { kind: 'interrupted', sms };
    if (sms?.status !== 'queued') return { kind: 'done' };
    const claimed = await transitionSms(tx, tenantId, smsId, ['queued'], { status: 'sending', claimedAt: new Date() });
    events.push({ type: 'sms.changed', tenantId, smsId, status: 'sending', sourceKind: sms.sourceKind });
    return { kind: 'claimed', sms: claimed! };
  });
  if (claim.kind === 'done') return;
  const { sms } = claim;
  const provider = await smsProviderOf(ctx, tenantId);

  if (claim.kind === 'interrupted') return settleInterrupted(ctx, sms, provider?.client);
  if (!provider) {
    await finish(ctx, sms, ['sending'], {
      status: 'failed',
      errorCode: 'ERR_SMS_NOT_CONFIGURED',
      error: 'SMS is not set up for this company.',
    });
    return;
  }

  let answer: { providerId: string; segments: number | null };
  try {
    answer = await provider.client.send({ to: sms.toNumber, body: sms.body, statusCallback: smsStatusCallbackUrl(ctx, sms.id) });
  } catch (error) {
    if (error instanceof SmsProviderError) {
      if (error.retryable && !attempt.last) return giveBack(ctx, sms, error);
      await finish(ctx, sms, ['sending'], { status: 'failed', errorCode: error.code, error: error.message });
      return;
    }
    if (sendFailureKind(error) === 'unknown') {
      ctx.logger.warn(
        { smsId, err: error },
        'an SMS send failed after the request may have reached the provider: flagged unconfirmed, not retried',
      );
      await finish(ctx, sms, ['sending'], { status: 'unconfirmed' });
      return;
    }
    if (!attempt.last) return giveBack(ctx, sms, error);
    await finish(ctx, sms, ['sending'], { status: 'failed', errorCode: 'ERR_SMS_PROVIDER_UNREACHABLE', error: (error as Error).message });
    return;
  }
  // Sent. Should this record keep failing, the claim stays `sending`: the retry settles it from the provider, never resends.
  const recorded = await retrying(() =>
    transitionSms(ctx.db, tenantId, smsId, ['sending', 'unconfirmed'], {
      status: 'sent',
      providerId: answer.providerId,
      sentAt: new Date(),
      ...(answer.segments ? { segments: answer.segments } : {}),
    }),
  );
  // A status callback came first (it moved the SMS on and recorded the provider id): nothing more to write.
  if (recorded) ctx.events.publish([{ type: 'sms.changed', tenantId, smsId, status: 'sent', sourceKind: sms.sourceKind }]);
}

/** Settles an SMS left `sending` by an interrupted attempt from the provider's own list, or flags it `unconfirmed`. */
async function settleInterrupted(ctx: AppContext, sms: SmsRow, client: SmsProviderClient | undefined): Promise<void> {
  const since = (sms.claimedAt ?? sms.createdAt).getTime() - CLAIM_SKEW_MS;
  if (client) {
    try {
      const recent = await client.recentMessagesTo(sms.toNumber);
      const candidates = recent.filter(
        (m) => m.fromOurSender && m.to === sms.toNumber && m.body === sms.body && m.createdAt.getTime() >= since,
      );
      const taken = await knownSmsProviderIds(
        ctx.db,
        sms.tenantId,
        candidates.map((m) => m.providerId),
      );
      // The oldest one not already recorded: the list is newest first.
      const match = candidates.filter((m) => !taken.has(m.providerId)).at(-1);
      if (match) {
        ctx.logger.info(
          { smsId: sms.id, providerId: match.providerId },
          'an interrupted SMS send was found at the provider: recorded, not resent',
        );
        const status = match.status ?? 'sent';
        await finish(ctx, sms, ['sending'], {
          status,
          providerId: match.providerId,
          sentAt: match.createdAt,
          ...(status === 'delivered' ? { deliveredAt: new Date() } : {}),
          ...(status === 'failed'
            ? { errorCode: match.errorCode, error: `Twilio: not delivered${match.errorCode ? ` (error ${match.errorCode})` : ''}` }
            : {}),
        });
        return;
      }
    } catch (error) {
      ctx.logger.warn({ smsId: sms.id, err: error }, "the provider's messages could not be listed to settle an interrupted SMS send");
    }
  }
  ctx.logger.warn(
    { smsId: sms.id, claimedAt: sms.claimedAt },
    'an interrupted SMS send may have reached the provider: flagged unconfirmed, not resent',
  );
  await finish(ctx, sms, ['sending'], { status: 'unconfirmed' });
}

async function finish(
  ctx: AppContext,
  sms: SmsRow,
  from: SmsRow['status'][],
  changes: Parameters<typeof transitionSms>[4] & { status: SmsRow['status'] },
) {
  await transact(ctx, async (tx, events) => {
    const changed = await transitionSms(tx, sms.tenantId, sms.id, from, changes);
    if (changed)
      events.push({ type: 'sms.changed', tenantId: sms.tenantId, smsId: sms.id, status: changes.status, sourceKind: sms.sourceKind });
  });
}

/** This attempt claimed the send and nothing went out: the claim goes back for the job's retry. */
async function giveBack(ctx: AppContext, sms: SmsRow, error: unknown): Promise<never> {
  await transitionSms(ctx.db, sms.tenantId, sms.id, ['sending'], { status: 'queued', claimedAt: null });
  throw error;
}

async function retrying<T>(write: () => Promise<T>): Promise<T> {
  for (const pause of RECORD_RETRY_MS) {
    try {
      return await write();
    } catch {
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
  return write();
}
