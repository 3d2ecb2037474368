import type { Channel } from '@conversa/shared';
import { maskChannelSecrets } from './channel-secrets.js';
import type { ChannelRow } from './channels.repository.js';

export { SECRET_MASK } from './channel-secrets.js';

/** Secrets inside per-type settings (tokens, keys) are never sent back; only whether they are set. */
export function presentChannel(row: ChannelRow): Channel {
  const settings = maskChannelSecrets(row.settings ?? {});
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    status: row.status,
    number: row.number,
    isDefault: row.isDefault,
    queueId: row.queueId,
    farewellMessage: row.farewellMessage,
    autoCloseKeyword: row.autoCloseKeyword,
    autoEvaluation: row.autoEvaluation,
    autoDistribution: row.autoDistribution,
    chatFlowId: row.chatFlowId,
    birthdayMessage: row.birthdayMessage,
    birthdayHour: row.birthdayHour,
    transcribeAudio: row.transcribeAudio,
    audioTranscription: row.audioTranscription,
    webPush: row.webPush,
    settings,
    publicKey: row.publicKey,
    qrcode: row.qrcode,
    retries: row.retries,
    updatedAt: row.updatedAt.toISOString(),
  };
}
