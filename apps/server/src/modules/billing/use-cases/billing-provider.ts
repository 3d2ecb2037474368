import type { AppContext } from '../../../app-context.js';
import { findBillingSettings, type BillingSettingsRow } from '../billing.repository.js';
import { createAsaasClient, type AsaasClient } from '../providers/asaas/asaas.client.js';

export const API_KEY_LABEL = 'billing:asaas:apiKey';
export const WEBHOOK_TOKEN_LABEL = 'billing:asaas:webhookToken';

/** The platform's provider settings with their secrets opened; undefined when not set up. */
export async function readBillingProvider(
  ctx: AppContext,
): Promise<{ settings: BillingSettingsRow; apiKey: string | null; webhookToken: string | null } | undefined> {
  const settings = await findBillingSettings(ctx.db);
  if (!settings) return undefined;
  return {
    settings,
    apiKey: settings.apiKey ? ctx.secretBox.open(settings.apiKey, API_KEY_LABEL) : null,
    webhookToken: settings.webhookToken ? ctx.secretBox.open(settings.webhookToken, WEBHOOK_TOKEN_LABEL) : null,
  };
}

/** The Asaas client when the provider is set up and on; undefined otherwise. */
export async function activeAsaasClient(ctx: AppContext): Promise<{ client: AsaasClient; settings: BillingSettingsRow } | undefined> {
  const provider = await readBillingProvider(ctx);
  if (!provider || !provider.settings.active || !provider.apiKey) return undefined;
  return {
    client: createAsaasClient({ baseUrl: provider.settings.baseUrl, apiKey: provider.apiKey, http: ctx.http }),
    settings: provider.settings,
  };
}
