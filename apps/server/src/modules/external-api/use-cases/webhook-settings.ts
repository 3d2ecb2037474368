import type { AppContext } from '../../../app-context.js';
import type { Db } from '../../../platform/db/client.js';
import { AppError } from '../../../platform/http/app-error.js';
import { generateWebhookSecret, WEBHOOK_SECRET_LABEL } from '../../../platform/http/api-tokens.js';
import { findApiConfigRow, setMissingWebhookSecret, type ApiConfigRow } from '../external-api.repository.js';

/** A new webhook signing secret: in full (answered once) and sealed (stored). */
export function newWebhookSecret(ctx: Pick<AppContext, 'secretBox'>): { secret: string; sealed: string; last4: string } {
  const { secret, last4 } = generateWebhookSecret();
  return { secret, sealed: ctx.secretBox.seal(secret, WEBHOOK_SECRET_LABEL), last4 };
}

/** A webhook URL must pass the outbound address policy when saved (400 ERR_VALIDATION on webhookUrl), and again at each delivery. */
export async function assertWebhookUrlAllowed(ctx: AppContext, url: string | null): Promise<void> {
  if (url === null) return;
  const problem = await ctx.outbound.problemWith(url);
  if (problem) throw new AppError('ERR_VALIDATION', undefined, { webhookUrl: [problem] });
}

/**
 * Configurations made before webhooks (migration 0035) have no secret: one is generated on their
 * first use (listed, changed, or an event to deliver), sealed like any other. Answers the rows with
 * their secrets.
 */
export async function ensureWebhookSecrets<T extends Pick<ApiConfigRow, 'id' | 'tenantId' | 'webhookSecret' | 'webhookSecretLast4'>>(
  ctx: Pick<AppContext, 'secretBox'>,
  db: Db,
  rows: T[],
): Promise<T[]> {
  const done: T[] = [];
  for (const row of rows) {
    if (row.webhookSecret) {
      done.push(row);
      continue;
    }
    const { sealed, last4 } = newWebhookSecret(ctx);
    if (await setMissingWebhookSecret(db, row.tenantId, row.id, sealed, last4)) {
      done.push({ ...row, webhookSecret: sealed, webhookSecretLast4: last4 });
      continue;
    }
    // Another process generated it first: its secret is the one.
    const stored = await findApiConfigRow(db, row.tenantId, row.id);
    done.push({ ...row, webhookSecret: stored?.webhookSecret ?? null, webhookSecretLast4: stored?.webhookSecretLast4 ?? null });
  }
  return done;
}

/** The configuration's webhook secret in clear, to sign a delivery with. */
export function openWebhookSecret(ctx: Pick<AppContext, 'secretBox'>, sealed: string): string {
  return ctx.secretBox.open(sealed, WEBHOOK_SECRET_LABEL);
}
