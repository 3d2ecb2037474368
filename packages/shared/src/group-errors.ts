/** Error codes of the WhatsApp group tools (/grupo, issue 12), merged into ERROR_STATUS / ERROR_MESSAGES. */
export const GROUP_ERROR_STATUS = {
  /** The channel's kind (its library or gateway) offers no group administration here. */
  ERR_GROUP_TOOLS_UNSUPPORTED: 400,
  /** The channel's account is not in this group (or the group does not exist). */
  ERR_GROUP_NOT_FOUND: 404,
  ERR_DUPLICATED_GROUP_ENTRY: 409,
  ERR_NO_GROUP_ENTRY_FOUND: 404,
  ERR_NO_GROUP_BATCH_FOUND: 404,
} as const;

export const GROUP_ERROR_MESSAGES: Record<keyof typeof GROUP_ERROR_STATUS, string> = {
  ERR_GROUP_TOOLS_UNSUPPORTED: 'This kind of channel does not support group tools.',
  ERR_GROUP_NOT_FOUND: 'The channel is not in this group.',
  ERR_DUPLICATED_GROUP_ENTRY: 'This entry is already on the list.',
  ERR_NO_GROUP_ENTRY_FOUND: 'No list entry found with this ID.',
  ERR_NO_GROUP_BATCH_FOUND: 'No group action found with this ID.',
};
