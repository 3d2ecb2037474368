/** Error codes of mass sending (issue 12), merged into ERROR_STATUS / ERROR_MESSAGES. */
export const MASS_SEND_ERROR_STATUS = {
  ERR_NO_MASS_SEND_FOUND: 404,
  /** SPEC §5 "numbers/tag/contact … required": the chosen source gave nobody to send to. */
  ERR_MASS_SEND_NO_RECIPIENTS: 400,
  /** Typed numbers that are not phone numbers: the answer lists them (details.invalid). */
  ERR_MASS_SEND_INVALID_NUMBERS: 400,
  ERR_MASS_SEND_STATUS: 409,
  /** A template kind on a channel that is not the official API (WhatsApp Cloud API). */
  ERR_MASS_SEND_NOT_OFFICIAL: 400,
  ERR_MASS_SEND_UNKNOWN_TEMPLATE: 400,
  ERR_MASS_SEND_TEMPLATE_UNSUPPORTED: 400,
} as const;

export const MASS_SEND_ERROR_MESSAGES: Record<keyof typeof MASS_SEND_ERROR_STATUS, string> = {
  ERR_NO_MASS_SEND_FOUND: 'No mass send found with this ID.',
  ERR_MASS_SEND_NO_RECIPIENTS: 'The numbers, tag or contacts chosen give nobody to send to.',
  ERR_MASS_SEND_INVALID_NUMBERS: 'Some numbers are not valid phone numbers: correct or remove them.',
  ERR_MASS_SEND_STATUS: 'The mass send cannot do this in its current status.',
  ERR_MASS_SEND_NOT_OFFICIAL: 'Templates are sent only through an official API (WhatsApp Cloud API) connection.',
  ERR_MASS_SEND_UNKNOWN_TEMPLATE: 'The connection has no approved template with this name and language.',
  ERR_MASS_SEND_TEMPLATE_UNSUPPORTED: 'This template needs a header or button value, which a mass send cannot fill.',
};
