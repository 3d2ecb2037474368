import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { createOutboundForm } from '../../../../platform/http/outbound-http.js';
import type { z } from 'zod';
import type { AppContext } from '../../../../app-context.js';
import { AppError } from '../../../../platform/http/app-error.js';
import { zodFieldProblems } from '../../../../platform/http/field-issues.js';
import { channelSettings } from '../../channel-secrets.js';
import type { ChannelRow } from '../../channels.repository.js';
import type { OutboundMessage, SendResult } from '../channel-adapter.js';
import { Gate, Throttle } from '../throttle.js';
import { GraphClient } from './waba.client.js';
import {
  mediaUploadResponseSchema,
  sendResponseSchema,
  wabaInteractiveInputSchema,
  wabaRichContentSchema,
  wabaSettingsSchema,
  wabaTemplateInputSchema,
  type WabaInteractiveInput,
  type WabaSettings,
  type WabaTemplateInput,
} from './waba.schemas.js';

/** The Cloud API's default throughput: 80 messages a second per business phone number. */
export const WABA_MESSAGES_PER_SECOND = 80;
const throttle = new Throttle();
/**
 * Spaces the requests again after the send claim: its database round trip varies, and sends that
 * left the throttle 12.5 ms apart would otherwise reach Meta bunched, above 80 in a second.
 */
const pacing = new Throttle();
/**
 * Tracked sends (those with a claim) between their claim and the Cloud API's answer, per number and
 * process: a kill leaves at most this many ambiguous. 16 keeps 80/s with answers up to 200 ms.
 */
export const WABA_SENDS_IN_FLIGHT = 16;
const inFlight = new Gate();

/** The channel's settings; a channel saved before its schema changed fails loudly, not with a 500 later. */
export function wabaSettingsOf(ctx: Pick<AppContext, 'secretBox'>, channel: ChannelRow): WabaSettings {
  const parsed = wabaSettingsSchema.safeParse(channelSettings(ctx, channel));
  if (!parsed.success) {
    throw new AppError(
      'ERR_SENDING_WAPP_MSG',
      `The WABA channel's settings are incomplete: ${parsed.error.issues.map((i) => i.path.join('.')).join(', ')}.`,
    );
  }
  return parsed.data;
}

/**
 * The recipient as the Cloud API wants it: the full number with its country code, digits only.
 * For an official-API channel it must be exact (SPEC §5): nothing is guessed or repaired.
 */
export function wabaRecipient(number: string | null | undefined): string {
  const text = (number ?? '').trim();
  const digits = text.replace(/^\+/, '');
  if (!isCompleteNumber(digits)) {
    throw new AppError(
      'ERR_WAPP_INVALID_CONTACT',
      text
        ? `'${text.slice(0, 40)}' is not a complete WhatsApp number: the official API needs the number with its country code, digits only (e.g. 5511987654321).`
        : 'This contact has no phone number: the official WhatsApp API sends only to numbers with their country code.',
    );
  }
  return digits;
}

function isCompleteNumber(digits: string): boolean {
  if (!/^\d{8,15}$/.test(digits)) return false;
  const phone = parsePhoneNumberFromString(`+${digits}`);
  return Boolean(phone?.isValid()) && phone?.number === `+${digits}`;
}

/**
 * How a send job's message goes out: `claimSend` is taken right before the request (after the
 * throttle), and the message's id travels as `biz_opaque_callback_data`, which the Cloud API returns
 * in every status webhook of that message: if the send's answer (the wamid) is lost in a crash, the
 * first status callback still tells which message it was (apply-provider-status.ts).
 */
export type WabaSendTracking = Pick<OutboundMessage, 'messageId' | 'claimSend'>;

/** Sends one message object (`type` and its part) and answers the wamid; throttled per phone number. */
async function postMessage(
  ctx: AppContext,
  settings: WabaSettings,
  to: string,
  part: Record<string, unknown>,
  quotedExternalId?: string | null,
  tracking?: WabaSendTracking,
): Promise<string> {
  const release = tracking?.claimSend ? await inFlight.acquire(settings.phoneNumberId, WABA_SENDS_IN_FLIGHT) : undefined;
  try {
    await throttle.wait(settings.phoneNumberId, WABA_MESSAGES_PER_SECOND);
    if (tracking?.claimSend) {
      await tracking.claimSend();
      await pacing.wait(settings.phoneNumberId, WABA_MESSAGES_PER_SECOND);
    }
    return await requestSend(ctx, settings, to, part, quotedExternalId, tracking);
  } finally {
    release?.();
  }
}

async function requestSend(
  ctx: AppContext,
  settings: WabaSettings,
  to: string,
  part: Record<string, unknown>,
  quotedExternalId: string | null | undefined,
  tracking: WabaSendTracking | undefined,
): Promise<string> {
  const json = {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to,
    ...(quotedExternalId ? { context: { message_id: quotedExternalId } } : {}),
    ...part,
    ...(tracking ? { biz_opaque_callback_data: tracking.messageId } : {}),
  };
  const answer = await new GraphClient(ctx, settings).call('send', 'POST', `${settings.phoneNumberId}/messages`, sendResponseSchema, {
    json,
  });
  return answer.messages[0].id;
}

type WaMediaType = 'image' | 'video' | 'audio' | 'document';

/** What the Cloud API accepts for each kind (anything else travels as a document). */
function waMediaType(mime: string, size: number | null): WaMediaType {
  const base = mime.split(';')[0].trim().toLowerCase();
  if ((base === 'image/jpeg' || base === 'image/png') && (size === null || size <= 5 * 1024 * 1024)) return 'image';
  if (base === 'video/mp4' || base === 'video/3gpp') return 'video';
  if (['audio/aac', 'audio/amr', 'audio/mpeg', 'audio/mp4', 'audio/ogg'].includes(base)) return 'audio';
  return 'document';
}

/** Uploads a file to the media endpoint (multipart) and answers its media id. */
async function uploadMedia(
  ctx: AppContext,
  settings: WabaSettings,
  media: NonNullable<OutboundMessage['media']>,
  content: Buffer,
): Promise<string> {
  const form = await createOutboundForm();
  form.append('messaging_product', 'whatsapp');
  form.append('type', media.mime);
  form.append('file', new Blob([content], { type: media.mime }), media.name);
  const uploaded = await new GraphClient(ctx, settings).call(
    'upload media',
    'POST',
    `${settings.phoneNumberId}/media`,
    mediaUploadResponseSchema,
    { form },
  );
  return uploaded.id;
}

/**
 * An agent's message: text (without link previews), or a file uploaded to the media endpoint (or
 * linked) and sent by id with the text as its caption; audio has no caption, so its text follows
 * as a second message. A quoted reply carries context.message_id.
 */
export async function sendWabaMessage(ctx: AppContext, channel: ChannelRow, message: OutboundMessage): Promise<SendResult> {
  const settings = wabaSettingsOf(ctx, channel);
  const to = wabaRecipient(message.contact.number);
  if (!message.media) {
    if (!message.body.trim()) throw new AppError('ERR_SENDING_WAPP_MSG', 'The message is empty.');
    const id = await postMessage(
      ctx,
      settings,
      to,
      { type: 'text', text: { preview_url: false, body: message.body } },
      message.quotedExternalId,
      message,
    );
    return { externalId: id, status: 'sent' };
  }
  const media = message.media;
  let content: Buffer | undefined;
  if (settings.mediaDelivery === 'upload') {
    content = await ctx.media.read(media.key);
    if (!content) throw new AppError('ERR_SENDING_WAPP_MSG', 'The file of this message is missing from the media store.');
  }
  const type = waMediaType(media.mime, content?.length ?? null);
  const reference: Record<string, string> = content
    ? { id: await uploadMedia(ctx, settings, media, content) }
    : { link: `${ctx.appUrl}${ctx.media.signedPath(media.key, media.mime, 24 * 3600)}` };
  const caption = message.body.trim() && message.body !== media.name ? message.body : undefined;
  const object: Record<string, string> = { ...reference };
  if (caption && type !== 'audio') object.caption = caption;
  if (type === 'document') object.filename = media.name;
  const id = await postMessage(ctx, settings, to, { type, [type]: object }, message.quotedExternalId, message);
  if (caption && type === 'audio') await postMessage(ctx, settings, to, { type: 'text', text: { preview_url: false, body: caption } });
  return { externalId: id, status: 'sent' };
}

function validInput<S extends z.ZodType>(schema: S, input: unknown, what: string): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const fields = zodFieldProblems(parsed.error.issues, { input, root: what });
  throw new AppError('ERR_VALIDATION', `Invalid ${what}: ${Object.keys(fields).join(', ')}.`, fields);
}

/** Sends an approved template (the only kind allowed outside the 24-hour window), with text parameters. */
export async function sendWabaTemplate(
  ctx: AppContext,
  channel: ChannelRow,
  input: WabaTemplateInput,
  tracking?: WabaSendTracking,
): Promise<{ externalId: string }> {
  const template = validInput(wabaTemplateInputSchema, input, 'template message');
  const settings = wabaSettingsOf(ctx, channel);
  const to = wabaRecipient(template.to);
  const part = {
    type: 'template',
    template: {
      name: template.name,
      language: { code: template.language },
      ...(template.components?.length ? { components: template.components } : {}),
    },
  };
  return { externalId: await postMessage(ctx, settings, to, part, template.quotedExternalId, tracking) };
}

/** The `interactive` object of a reply-buttons or list message (already validated). */
export function interactivePayload(input: z.output<typeof wabaInteractiveInputSchema>): Record<string, unknown> {
  const common = {
    ...(input.header ? { header: { type: 'text', text: input.header } } : {}),
    body: { text: input.text },
    ...(input.footer ? { footer: { text: input.footer } } : {}),
  };
  if (input.type === 'button') {
    return {
      type: 'button',
      ...common,
      action: { buttons: input.buttons.map((b) => ({ type: 'reply', reply: { id: b.id, title: b.title } })) },
    };
  }
  return {
    type: 'list',
    ...common,
    action: {
      button: input.button,
      sections: input.sections.map((s) => ({ ...(s.title ? { title: s.title } : {}), rows: s.rows })),
    },
  };
}

/** Sends reply buttons (≤ 3) or a list (≤ 5 sections) within SPEC §5's limits (text 1–60, titles ≤ 20, unique values). */
export async function sendWabaInteractive(
  ctx: AppContext,
  channel: ChannelRow,
  input: WabaInteractiveInput,
  tracking?: WabaSendTracking,
): Promise<{ externalId: string }> {
  const interactive = validInput(wabaInteractiveInputSchema, input, 'interactive message');
  const settings = wabaSettingsOf(ctx, channel);
  const to = wabaRecipient(interactive.to);
  return {
    externalId: await postMessage(
      ctx,
      settings,
      to,
      { type: 'interactive', interactive: interactivePayload(interactive) },
      interactive.quotedExternalId,
      tracking,
    ),
  };
}

/**
 * A message queued by POST /sendButton: its reply buttons, list or template, sent to the ticket's
 * contact by the durable send job (a quoted reply keeps its context).
 */
export async function sendWabaRich(
  ctx: AppContext,
  channel: ChannelRow,
  message: OutboundMessage,
  content: Record<string, unknown>,
): Promise<SendResult> {
  const rich = validInput(wabaRichContentSchema, content, 'interactive message');
  const to = wabaRecipient(message.contact.number);
  const quotedExternalId = message.quotedExternalId ?? undefined;
  const { externalId } =
    rich.type === 'template'
      ? await sendWabaTemplate(
          ctx,
          channel,
          { to, name: rich.name, language: rich.language, components: rich.components, quotedExternalId },
          message,
        )
      : await sendWabaInteractive(ctx, channel, { ...rich, to, quotedExternalId }, message);
  return { externalId, status: 'sent' };
}
