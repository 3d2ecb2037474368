import { z } from 'zod';
import { CALL_STATUSES } from './call-states.js';
import { SECRET_MASK } from './secret-mask.js';

export {
  CALL_FINAL_STATUSES,
  CALL_INSTANCE_TIMEOUT_MS,
  CALL_RESET_DELAY_MS,
  CALL_SOCKET_EVENT,
  CALL_STATUSES,
  isFinalCallStatus,
  type CallStatus,
} from './call-states.js';

/**
 * Voice calls over WhatsApp through the voice-call provider (Wavoip), SPEC §3 Call, §4 call
 * statuses, §7 softphone. The statuses are the provider's signalling tags.
 */
export const callStatusSchema = z.enum(CALL_STATUSES);

export const callDirectionSchema = z.enum(['incoming', 'outgoing']);
export type CallDirection = z.infer<typeof callDirectionSchema>;

/** A phone number as dialled: digits only (country code first), 8 to 15 of them. */
export const callPhoneSchema = z
  .string()
  .trim()
  .transform((value) => value.replace(/[\s()+.-]/g, ''))
  .pipe(z.string().regex(/^\d{8,15}$/, 'A phone number: 8 to 15 digits, country code first.'));

export const callSchema = z.object({
  id: z.number().int(),
  channelId: z.number().int().nullable(),
  /** The channel's name (SPEC "inbox_name"). */
  inboxName: z.string().nullable(),
  /** The user who placed or took the call; null for an offer nobody answered. */
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  direction: callDirectionSchema,
  /** The customer's number. */
  phone: z.string(),
  /** Who called and who was called: the channel's number or name on our side, the customer's number on theirs. */
  caller: z.string(),
  receiver: z.string(),
  contactName: z.string().nullable(),
  status: callStatusSchema,
  /** Which of the channel's instance tokens carried the call: its position (1-based), never the token. */
  instance: z.number().int().nullable(),
  startedAt: z.string(),
  /** When it was answered (SPEC "active_start_date"). */
  answeredAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  /** Seconds between answer and end; 0 for a call never answered. */
  duration: z.number().int(),
});
export type Call = z.infer<typeof callSchema>;

export const CALL_PAGE_SIZE = 20;

export const callListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(CALL_PAGE_SIZE),
  direction: callDirectionSchema.optional(),
  status: callStatusSchema.optional(),
  channelId: z.coerce.number().int().min(1).max(2147483647).optional(),
  userId: z.coerce.number().int().min(1).max(2147483647).optional(),
  /** Part of the customer's number. */
  phone: z.string().trim().max(20).regex(/^\d*$/, 'Digits only.').optional(),
  /** Calls started on or after / on or before these days (YYYY-MM-DD, UTC). */
  from: z.string().date().optional(),
  to: z.string().date().optional(),
});
export type CallListQuery = z.infer<typeof callListQuerySchema>;

export const callPageSchema = z.object({ calls: z.array(callSchema), count: z.number().int(), hasMore: z.boolean() });
export type CallPage = z.infer<typeof callPageSchema>;

export const startCallBodySchema = z.object({ channelId: z.number().int().min(1).max(2147483647), phone: callPhoneSchema });
export type StartCallBody = z.infer<typeof startCallBodySchema>;

/** What a set token looks like in answers; sent back unchanged, it keeps the stored one. */
export const CALL_TOKEN_MASK = SECRET_MASK;

/** A channel's voice-call instance tokens (SPEC §3 Channel "voice-call tokens (comma-separated)"), masked. */
export const channelCallTokensSchema = z.object({
  channelId: z.number().int(),
  /** One mask per stored token, in order. */
  tokens: z.array(z.string()),
  updatedAt: z.string().nullable(),
});
export type ChannelCallTokens = z.infer<typeof channelCallTokensSchema>;

/**
 * The tokens, comma-separated as the channel form writes them; a mask in a position keeps the token
 * stored there. Empty: the channel places no calls.
 */
export const channelCallTokensBodySchema = z.object({
  tokens: z
    .string()
    .max(4000)
    .transform((value) =>
      value
        .split(',')
        .map((token) => token.trim())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(
          z
            .string()
            .max(200)
            .regex(/^[^\s/?#]+$/, 'A token: no spaces, slashes, ? or #.'),
        )
        .max(10, 'At most 10 tokens.'),
    ),
});
export type ChannelCallTokensBody = z.input<typeof channelCallTokensBodySchema>;

export const callSocketPayloadSchema = z.object({ call: callSchema });

/** The softphone's message when every instance failed (SPEC §7 / §8). */
export const CALL_LINES_BUSY_MESSAGE = 'Line busy, please try again later or upgrade';

export const CALL_ERROR_STATUS = {
  /** Every instance token of the channel failed or did not answer within 1 s. */
  ERR_CALL_LINES_BUSY: 409,
  /** The channel has no voice-call tokens. */
  ERR_CALL_NO_TOKENS: 409,
  /** The user has the softphone blocked (blockWavoip). */
  ERR_CALL_BLOCKED: 403,
  ERR_NO_CALL_FOUND: 404,
  /** The action does not fit the call's status (accept a call not offered, hang up an ended call). */
  ERR_CALL_NOT_ACTIVE: 409,
} as const;

export const CALL_ERROR_MESSAGES: Record<keyof typeof CALL_ERROR_STATUS, string> = {
  ERR_CALL_LINES_BUSY: CALL_LINES_BUSY_MESSAGE,
  ERR_CALL_NO_TOKENS: 'This channel has no voice-call tokens: add them in the channel first.',
  ERR_CALL_BLOCKED: 'Calls are blocked for your user.',
  ERR_NO_CALL_FOUND: 'Call not found.',
  ERR_CALL_NOT_ACTIVE: 'This call is not in a state that allows this action.',
};

/**
 * The call's audio between the softphone and the server, on the user's authenticated socket (the
 * provider's device connection stays on the server). Frames are 16-bit PCM, mono, 16 kHz, little-
 * endian (the provider's format): the browser sends `CALL_AUDIO_FRAME_EVENT (callId, ArrayBuffer)`
 * after joining the call (`CALL_AUDIO_JOIN_EVENT (callId, ack)`, only the user who placed or took
 * it), and receives the remote side as `CALL_AUDIO_FRAME_EVENT (callId, ArrayBuffer)`.
 */
export const CALL_AUDIO_JOIN_EVENT = 'call:audio:join';
export const CALL_AUDIO_LEAVE_EVENT = 'call:audio:leave';
export const CALL_AUDIO_FRAME_EVENT = 'call:audio';
/** The server ends the call's audio (the call ended or its transport closed). */
export const CALL_AUDIO_END_EVENT = 'call:audio:end';
export const CALL_AUDIO_SAMPLE_RATE = 16_000;
/** The provider's frame: 640 samples, 40 ms (1 280 bytes). */
export const CALL_AUDIO_FRAME_SAMPLES = 640;
/** Bounds, per socket and per call: larger frames and frames over the rate are dropped and counted. */
export const CALL_AUDIO_MAX_FRAME_BYTES = 4096;
export const CALL_AUDIO_MAX_FRAMES_PER_SECOND = 50;
