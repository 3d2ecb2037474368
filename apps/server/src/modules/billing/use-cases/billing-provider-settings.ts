import { BILLING_SECRET_MASK, type billingProviderBodySchema } from '@conversa/shared';
import type { z } from 'zod';
import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import { findBillingSettings, upsertBillingSettings, type BillingSettingsRow } from '../billing.repository.js';
import { API_KEY_LABEL, WEBHOOK_TOKEN_LABEL } from './billing-provider.js';

export type BillingProviderInput = z.output<typeof billingProviderBodySchema>;

export async function getBillingProviderSettings(ctx: AppContext): Promise<BillingSettingsRow | undefined> {
  return findBillingSettings(ctx.db);
}

const typed = (value: string | undefined) => (value !== undefined && value !== '' && value !== BILLING_SECRET_MASK ? value : undefined);

/**
 * The platform superadmin sets the payment provider (PUT /billing/provider): the Asaas base URL
 * (under the outbound address policy, as every URL the product calls), the API key and the webhook
 * token (sealed at rest, answered masked; left out or masked: the stored ones), the billing type
 * offered and whether charges are made. Turning it on needs an API key and a webhook token.
 */
export async function saveBillingProviderSettings(ctx: AppContext, input: BillingProviderInput): Promise<BillingSettingsRow> {
  const problem = await ctx.outbound.problemWith(input.baseUrl);
  if (problem) throw new AppError('ERR_VALIDATION', problem, { baseUrl: [problem] });
  const stored = await findBillingSettings(ctx.db);
  const newKey = typed(input.apiKey);
  const newToken = typed(input.webhookToken);
  const apiKey = newKey !== undefined ? ctx.secretBox.seal(newKey, API_KEY_LABEL) : (stored?.apiKey ?? null);
  const webhookToken = newToken !== undefined ? ctx.secretBox.seal(newToken, WEBHOOK_TOKEN_LABEL) : (stored?.webhookToken ?? null);
  if (input.active && !apiKey) throw new AppError('ERR_VALIDATION', 'Type the API key.', { apiKey: ['Type the API key.'] });
  if (input.active && !webhookToken)
    throw new AppError('ERR_VALIDATION', 'Type the webhook token.', { webhookToken: ['Type the webhook token.'] });
  return upsertBillingSettings(ctx.db, {
    active: input.active,
    baseUrl: input.baseUrl,
    apiKey,
    webhookToken,
    billingType: input.billingType,
  });
}
