/** Error codes of SMS (issue 12), merged into ERROR_STATUS / ERROR_MESSAGES. */
export const SMS_ERROR_STATUS = {
  /** No SMS provider is set up for the tenant (Settings → SMS). */
  ERR_SMS_NOT_CONFIGURED: 409,
  /** The recipient's number is not a valid phone number with its country code. */
  ERR_SMS_INVALID_NUMBER: 400,
  /** The provider refused the request (credentials, sender, recipient): its own words in the message. */
  ERR_SMS_PROVIDER_REFUSED: 400,
  /** The provider's API could not be reached (address, network). */
  ERR_SMS_PROVIDER_UNREACHABLE: 400,
} as const;

export const SMS_ERROR_MESSAGES: Record<keyof typeof SMS_ERROR_STATUS, string> = {
  ERR_SMS_NOT_CONFIGURED: 'SMS is not set up for this company: an administrator sets it up in Settings → SMS.',
  ERR_SMS_INVALID_NUMBER: 'This number cannot receive SMS: it must be a valid phone number with its country code.',
  ERR_SMS_PROVIDER_REFUSED: 'The SMS provider refused the request.',
  ERR_SMS_PROVIDER_UNREACHABLE: 'The SMS provider could not be reached.',
};
