import { AI_SECRET_MASK, BOT_INTEGRATION_INFO, type BotIntegration, type BotIntegrationSettingsInput } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { deleteBotIntegration, findBotIntegration, upsertBotIntegration, type BotIntegrationRow } from '../ai-bots.repository.js';
import { dialogflowToken, serviceAccountOf } from '../integrations/dialogflow.js';
import { difyInfo } from '../integrations/dify.js';
import { typebotStartChat } from '../integrations/typebot.js';
import { LlmCallError } from '../protocols/llm-client.js';
import { BOT_KEY_LABEL } from './bot-integration-of.js';

export async function getBotIntegration(ctx: AppContext, actor: Actor, kind: BotIntegration): Promise<BotIntegrationRow | undefined> {
  return findBotIntegration(ctx.db, actor.tenantId, kind);
}

/** The secret a form carries: Dialogflow's key file, the others' API key. */
const secretOf = (input: BotIntegrationSettingsInput) =>
  input.kind === 'dialogflow' ? input.credentials : 'apiKey' in input ? input.apiKey : '';
const secretField = (input: BotIntegrationSettingsInput) => (input.kind === 'dialogflow' ? 'credentials' : 'apiKey');

/**
 * What a tab's form stands for: the path's kind (400 when the body names another); the URLs through
 * the outbound address policy (Dialogflow's key file's token_uri too); the masked secret is the
 * stored one, only for the same URL (a key is never sent to an address it was not typed for); Dify
 * and Dialogflow need one, and so does a Typebot preview. The answer's `apiKey` is the secret in clear.
 */
async function resolveBotIntegration(ctx: AppContext, actor: Actor, kind: BotIntegration, input: BotIntegrationSettingsInput) {
  if (input.kind !== kind)
    throw new AppError('ERR_VALIDATION', undefined, { kind: [`The body is for ${input.kind}, the path for ${kind}.`] });
  const problem = await ctx.outbound.problemWith(input.url);
  if (problem) throw new AppError('ERR_VALIDATION', undefined, { url: [problem] });
  const field = secretField(input);
  let apiKey = secretOf(input);
  if (apiKey === AI_SECRET_MASK) {
    const stored = await findBotIntegration(ctx.db, actor.tenantId, kind);
    let opened: string | undefined;
    try {
      opened = stored?.apiKey && stored.config.url === input.url ? ctx.secretBox.open(stored.apiKey, BOT_KEY_LABEL) : undefined;
    } catch {
      opened = undefined;
    }
    if (!opened)
      throw new AppError('ERR_VALIDATION', undefined, { [field]: [field === 'apiKey' ? 'Type the API key.' : 'Paste the key file.'] });
    apiKey = opened;
  }
  const keyRequired = input.kind === 'dify' || input.kind === 'dialogflow' || (input.kind === 'typebot' && input.type === 'preview');
  if (keyRequired && !apiKey) throw new AppError('ERR_VALIDATION', undefined, { [field]: ['Required'] });
  if (input.kind === 'dialogflow') {
    const tokenProblem = await ctx.outbound.problemWith(serviceAccountOf(apiKey).token_uri);
    if (tokenProblem) throw new AppError('ERR_VALIDATION', undefined, { credentials: [`token_uri: ${tokenProblem}`] });
  }
  return { ...input, apiKey };
}

/**
 * Sets an integration up (PUT /settings/bots/{kind}); the key (Dialogflow's key file) is sealed at
 * rest, the rest kept as the form's settings — Dialogflow's with the key file's client_email, the
 * part of it the tab shows.
 */
export async function saveBotIntegration(ctx: AppContext, actor: Actor, kind: BotIntegration, input: BotIntegrationSettingsInput) {
  const resolved = await resolveBotIntegration(ctx, actor, kind, input);
  const { apiKey, kind: _kind, ...rest } = resolved;
  const config =
    resolved.kind === 'dialogflow' ? { ...rest, credentials: undefined, clientEmail: serviceAccountOf(apiKey).client_email } : rest;
  return transact(ctx, async (tx) =>
    upsertBotIntegration(tx, actor.tenantId, kind, { apiKey: apiKey ? ctx.secretBox.seal(apiKey, BOT_KEY_LABEL) : null, config }),
  );
}

/** Removes an integration: tickets switched on to it are left to the agents at their next message. */
export async function removeBotIntegration(ctx: AppContext, actor: Actor, kind: BotIntegration): Promise<void> {
  await transact(ctx, async (tx) => deleteBotIntegration(tx, actor.tenantId, kind));
}

/**
 * Checks the form's settings without a conversation: Typebot registers a session without starting
 * the bot (`isOnlyRegistering`), Dify reads the app's info (`GET /info`), Dialogflow obtains an
 * access token with the key file (the service account's e-mail). n8n has no check that
 * would not run the workflow: 400.
 */
export async function testBotIntegration(ctx: AppContext, actor: Actor, kind: BotIntegration, input: BotIntegrationSettingsInput) {
  const resolved = await resolveBotIntegration(ctx, actor, kind, input);
  const label = BOT_INTEGRATION_INFO[kind].label;
  try {
    if (resolved.kind === 'typebot') {
      const turn = await typebotStartChat(ctx.http, resolved, { onlyRegistering: true });
      return { ok: true as const, detail: `session ${turn.sessionId}` };
    }
    if (resolved.kind === 'dify') return { ok: true as const, detail: await difyInfo(ctx.http, resolved) };
    if (resolved.kind === 'dialogflow')
      return { ok: true as const, detail: await dialogflowToken(ctx.http, { ...resolved, credentials: resolved.apiKey }) };
  } catch (error) {
    if (!(error instanceof LlmCallError)) throw error;
    if (error.kind === 'blocked') throw new AppError('ERR_VALIDATION', undefined, { url: [error.message] });
    if (error.kind === 'refused') throw new AppError('ERR_AI_PROVIDER_REFUSED', `${label} refused: ${error.message}`);
    throw new AppError('ERR_AI_PROVIDER_UNREACHABLE', `${label} at ${resolved.url}: ${error.message}`);
  }
  throw new AppError('ERR_VALIDATION', 'n8n cannot be tested without running the workflow: send a message on a channel that uses it.', {
    kind: ['No connection test for n8n.'],
  });
}
