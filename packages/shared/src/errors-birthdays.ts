/** Error codes of birthdays (issue 12), merged into ERROR_STATUS / ERROR_MESSAGES. */
export const BIRTHDAY_ERROR_STATUS = {
  /** The contact was already greeted this year (by the daily job or by hand). */
  ERR_BIRTHDAY_ALREADY_SENT: 409,
  /** The channel has no birthday message. */
  ERR_NO_BIRTHDAY_MESSAGE: 400,
  /** The contact has no birthday. */
  ERR_NO_BIRTHDAY: 400,
  /** The contact is blocked: nothing is sent to them until they are unblocked. */
  ERR_CONTACT_BLOCKED: 400,
} as const;

export const BIRTHDAY_ERROR_MESSAGES: Record<keyof typeof BIRTHDAY_ERROR_STATUS, string> = {
  ERR_BIRTHDAY_ALREADY_SENT: 'This contact was already sent a birthday message this year.',
  ERR_NO_BIRTHDAY_MESSAGE: 'This channel has no birthday message: write one in the channel first.',
  ERR_NO_BIRTHDAY: 'This contact has no birthday.',
  ERR_CONTACT_BLOCKED: 'This contact is blocked: unblock them before sending them a message.',
};
