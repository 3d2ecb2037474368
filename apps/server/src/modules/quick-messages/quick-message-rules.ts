import { AppError, isUniqueViolation } from '../../platform/http/app-error.js';
import type { QuickMessageMedia } from './quick-messages.repository.js';

const KEY_CONSTRAINT = 'quick_messages_tenant_key_key';

/** A key already used in the tenant (whatever its case) is refused by the unique index. */
export async function withDuplicateKeyCheck<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, KEY_CONSTRAINT)) throw new AppError('ERR_DUPLICATED_QUICK_MESSAGE', undefined, { key: ['Already used'] });
    throw error;
  }
}

/** What a quick message must be once saved: some text or a file; sent as audio only with an audio file. */
export function assertValidQuickMessage(values: { message: string; sendAsAudio: boolean; media: QuickMessageMedia | null }): void {
  if (values.message.trim() === '' && !values.media)
    throw new AppError('ERR_VALIDATION', 'Write a message or choose a file.', {
      message: [{ message: 'Write a message or choose a file.', issue: { code: 'custom', rule: 'messageOrFile' } }],
    });
  if (values.sendAsAudio && values.media?.mediaType !== 'audio')
    throw new AppError('ERR_VALIDATION', 'Only an audio file can be sent as audio.', {
      sendAsAudio: [{ message: 'Only an audio file can be sent as audio.', issue: { code: 'custom', rule: 'audioOnly' } }],
    });
}
