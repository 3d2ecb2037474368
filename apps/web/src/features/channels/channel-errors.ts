import type { ChannelType } from '@conversa/shared';
import type { TFunction } from 'i18next';
import { errorMessage, fieldErrors, formErrorMessage, hasErrorCode, isApiError } from '../../lib/errors';

/**
 * The Cloud API refused the WABA identifiers, token or app permissions (SPEC §8 'WABA data
 * incorrect'): the server answers ERR_VALIDATION with a message starting 'WABA data incorrect'.
 */
const WABA_DATA_CODES = /^ERR_WABA/;
const WABA_DATA_MESSAGE = /^WABA data incorrect/i;

/**
 * The text for a failed channel call (SPEC §8): the connection limit, WABA data incorrect, the
 * translated text of the code (the server's own explanation of a refused request without field
 * problems, e.g. a type this server does not support), or the action's generic failure text when
 * the server gave no code.
 */
export function channelErrorMessage(error: unknown, type: ChannelType, t: TFunction, action: 'save' | 'power'): string {
  if (hasErrorCode(error, 'ERR_CONNECTION_LIMIT')) return t('channels.limitReached');
  if (!isApiError(error)) return t(action === 'save' ? 'channels.saveError' : 'errors.unknown');
  if (type === 'waba' && ((error.code && WABA_DATA_CODES.test(error.code)) || WABA_DATA_MESSAGE.test(error.message))) {
    const detail = fieldErrors(error).settings;
    return detail ? `${t('channels.wabaIncorrect')} (${detail})` : t('channels.wabaIncorrect');
  }
  if (!error.code || error.status === 0) return action === 'save' ? t('channels.saveError') : errorMessage(error);
  return formErrorMessage(error);
}
