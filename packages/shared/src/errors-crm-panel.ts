/** Error codes of the reasons (demands), the contact variables and the ticket panel (issue 11), merged into ERROR_STATUS. */
export const DEMAND_ERROR_STATUS = {
  ERR_NO_DEMAND_FOUND: 404,
  ERR_DUPLICATED_DEMAND: 409,
  /** The setting demandRequiredOnClose is on and the resolve names no reason. */
  ERR_DEMAND_REQUIRED: 400,
  ERR_NO_CONTACT_VARIABLE_FOUND: 404,
  ERR_DUPLICATED_CONTACT_VARIABLE: 409,
} as const;

export const DEMAND_ERROR_MESSAGES: Record<keyof typeof DEMAND_ERROR_STATUS, string> = {
  ERR_NO_DEMAND_FOUND: 'No reason found with this ID.',
  ERR_DUPLICATED_DEMAND: 'A reason with this name already exists.',
  ERR_DEMAND_REQUIRED: 'Choose the reason for resolving the ticket.',
  ERR_NO_CONTACT_VARIABLE_FOUND: 'No contact variable found with this ID.',
  ERR_DUPLICATED_CONTACT_VARIABLE: 'A contact variable with this name already exists.',
};
