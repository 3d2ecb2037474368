/** Error codes of the LLM bots (issue 13), merged into ERROR_STATUS / ERROR_MESSAGES. */
export const AI_BOT_ERROR_STATUS = {
  /** The provider refused the request (key, model): its own words in the message. */
  ERR_AI_PROVIDER_REFUSED: 400,
  /** The provider could not be reached in time (address, network, timeout). */
  ERR_AI_PROVIDER_UNREACHABLE: 400,
  /** The AI chosen is not set up for the company (Settings → Bots and AI). */
  ERR_AI_NOT_CONFIGURED: 409,
} as const;

export const AI_BOT_ERROR_MESSAGES: Record<keyof typeof AI_BOT_ERROR_STATUS, string> = {
  ERR_AI_PROVIDER_REFUSED: 'The AI provider refused the request.',
  ERR_AI_PROVIDER_UNREACHABLE: 'The AI provider could not be reached.',
  ERR_AI_NOT_CONFIGURED: 'This AI is not set up for this company: an administrator sets it up in Settings → Bots and AI.',
};
