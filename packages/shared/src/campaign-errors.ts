/** Error codes of campaigns (issue 12), merged into ERROR_STATUS / ERROR_MESSAGES. The texts are SPEC §8's. */
export const CAMPAIGN_ERROR_STATUS = {
  ERR_NO_CAMPAIGN_FOUND: 404,
  ERR_CAMPAIGN_PAST_DATE: 400,
  ERR_CAMPAIGN_NO_CONTACTS: 400,
  ERR_CAMPAIGN_IN_PROCESS: 409,
  ERR_CAMPAIGN_NOT_EDITABLE: 409,
  ERR_CAMPAIGN_STATUS: 409,
  ERR_CAMPAIGN_NO_MESSAGE: 400,
} as const;

export const CAMPAIGN_ERROR_MESSAGES: Record<keyof typeof CAMPAIGN_ERROR_STATUS, string> = {
  ERR_NO_CAMPAIGN_FOUND: 'No campaign found with this ID.',
  ERR_CAMPAIGN_PAST_DATE: 'campaign cannot be scheduled in the past',
  ERR_CAMPAIGN_NO_CONTACTS: 'campaign needs linked contacts',
  ERR_CAMPAIGN_IN_PROCESS: 'cannot cancel campaigns in process',
  ERR_CAMPAIGN_NOT_EDITABLE: 'A campaign can only be edited while pending or canceled.',
  ERR_CAMPAIGN_STATUS: 'The campaign cannot do this in its current status.',
  ERR_CAMPAIGN_NO_MESSAGE: 'The campaign needs at least one message.',
};
