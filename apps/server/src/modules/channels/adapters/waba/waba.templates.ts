import { z } from 'zod';
import type { AppContext } from '../../../../app-context.js';
import { AppError } from '../../../../platform/http/app-error.js';
import { channelSettings } from '../../channel-secrets.js';
import type { ChannelRow } from '../../channels.repository.js';
import type { ChannelTemplate } from '../channel-adapter.js';
import { GraphClient } from './waba.client.js';
import { wabaSettingsSchema } from './waba.schemas.js';

/** Graph's page of `GET /{waba-id}/message_templates` (only the fields read here). */
const templatesPageSchema = z.object({
  data: z.array(
    z.object({
      name: z.string(),
      language: z.string(),
      status: z.string(),
      category: z.string().optional(),
      components: z
        .array(
          z.object({
            type: z.string(),
            format: z.string().optional(),
            text: z.string().optional(),
            buttons: z.array(z.object({ type: z.string(), text: z.string().optional(), url: z.string().optional() })).optional(),
          }),
        )
        .default([]),
    }),
  ),
  paging: z.object({ cursors: z.object({ after: z.string().optional() }).optional(), next: z.string().optional() }).optional(),
});

const PAGE_SIZE = 100;
/** A WhatsApp Business Account has at most a few hundred templates; more pages than this are not read. */
const MAX_PAGES = 20;

/**
 * The approved templates of a WhatsApp Cloud API channel, read page by page from
 * `GET /{version}/{waba-id}/message_templates?status=APPROVED`. The next page is asked of the
 * channel's own Graph address by its `after` cursor; the `next` URL of the answer is not followed.
 */
export async function listWabaTemplates(ctx: AppContext, channel: ChannelRow): Promise<ChannelTemplate[]> {
  const settings = wabaSettingsSchema.parse(channelSettings(ctx, channel));
  if (!settings.businessAccountId)
    throw new AppError(
      'ERR_VALIDATION',
      'The channel has no WhatsApp Business Account ID: fill it in the channel settings to list its templates.',
      {
        businessAccountId: ['Required'],
      },
    );
  const client = new GraphClient(ctx, settings);
  const templates: ChannelTemplate[] = [];
  let after: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const query = new URLSearchParams({ status: 'APPROVED', limit: String(PAGE_SIZE), ...(after ? { after } : {}) });
    const answer = await client
      .call('list templates', 'GET', `${settings.businessAccountId}/message_templates?${query.toString()}`, templatesPageSchema)
      .catch((error: unknown) => {
        // Refusals (credentials, unknown account) are AppErrors already; the rest is the network or a busy Graph.
        if (error instanceof AppError) throw error;
        throw new AppError(
          'ERR_WAPP_NOT_INITIALIZED',
          `The WhatsApp Cloud API could not be reached at ${settings.baseUrl} (list templates); try again.`,
        );
      });
    for (const template of answer.data) {
      if (template.status !== 'APPROVED') continue;
      templates.push({
        name: template.name,
        language: template.language,
        category: template.category ?? null,
        components: template.components.map((c) => ({
          type: c.type.toUpperCase(),
          format: c.format?.toUpperCase() ?? null,
          text: c.text ?? null,
          buttons: (c.buttons ?? []).map((b) => ({ type: b.type.toUpperCase(), text: b.text ?? '', url: b.url ?? null })),
        })),
      });
    }
    after = answer.paging?.cursors?.after;
    if (!answer.paging?.next || !after) break;
  }
  return templates;
}
