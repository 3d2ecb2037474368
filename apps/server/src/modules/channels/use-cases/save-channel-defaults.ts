import { CHANNEL_DEFAULT_SECRET_MASK, CHANNEL_DEFAULTS_SCHEMAS, type ChannelDefaultKind } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import { AppError } from '../../../platform/http/app-error.js';
import { zodFieldProblems } from '../../../platform/http/field-issues.js';
import type { Actor } from '../../auth/actor.js';
import { findChannelDefaults, upsertChannelDefaults, type ChannelDefaultsRow } from '../channel-defaults.repository.js';
import { assertSettingsUrlsAllowed } from '../channel-input.js';
import { sealChannelSecrets } from '../channel-secrets.js';

/**
 * Sets a kind's channel defaults (PUT /settings/channel-defaults/{kind}); the body is the whole set:
 * a field left out or empty has no default. A secret sent back masked keeps the stored one; base
 * URLs pass the outbound address policy; secrets are sealed as a channel's own are (same labels, so
 * a new channel takes them as they are).
 */
export async function saveChannelDefaults(
  ctx: AppContext,
  actor: Actor,
  kind: ChannelDefaultKind,
  body: unknown,
): Promise<ChannelDefaultsRow> {
  const parsed = CHANNEL_DEFAULTS_SCHEMAS[kind].safeParse(body);
  if (!parsed.success) {
    const fields = zodFieldProblems(parsed.error.issues, { input: body });
    throw new AppError('ERR_VALIDATION', `Invalid ${kind} defaults: ${Object.keys(fields).join(', ')}.`, fields);
  }
  const given = Object.fromEntries(
    Object.entries(parsed.data as Record<string, string | undefined>).filter((entry): entry is [string, string] => !!entry[1]),
  );
  await assertSettingsUrlsAllowed(ctx, given, '');

  return transact(ctx, async (tx) => {
    const stored = (await findChannelDefaults(tx, actor.tenantId, kind))?.values ?? {};
    const values: Record<string, string> = {};
    for (const [key, value] of Object.entries(given)) {
      if (value !== CHANNEL_DEFAULT_SECRET_MASK) values[key] = value;
      else if (stored[key]) values[key] = stored[key];
      else throw new AppError('ERR_VALIDATION', `Type the ${key}.`, { [key]: [`Type the ${key}.`] });
    }
    return upsertChannelDefaults(tx, actor.tenantId, kind, sealChannelSecrets(ctx.secretBox, values) as Record<string, string>);
  });
}
