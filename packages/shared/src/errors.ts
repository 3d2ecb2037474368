import { TASKS_ERROR_MESSAGES, TASKS_ERROR_STATUS } from './teamwork-errors.js';
import { DEMAND_ERROR_MESSAGES, DEMAND_ERROR_STATUS } from './errors-crm-panel.js';
import { BIRTHDAY_ERROR_MESSAGES, BIRTHDAY_ERROR_STATUS } from './errors-birthdays.js';
import { SCHEDULE_ERROR_MESSAGES, SCHEDULE_ERROR_STATUS } from './schedule-errors.js';
import { CAMPAIGN_ERROR_MESSAGES, CAMPAIGN_ERROR_STATUS } from './campaign-errors.js';
import { SMS_ERROR_MESSAGES, SMS_ERROR_STATUS } from './sms-errors.js';
import { GROUP_ERROR_MESSAGES, GROUP_ERROR_STATUS } from './group-errors.js';
import { MASS_SEND_ERROR_MESSAGES, MASS_SEND_ERROR_STATUS } from './mass-send-errors.js';
import { AI_BOT_ERROR_MESSAGES, AI_BOT_ERROR_STATUS } from './ai-bot-errors.js';
import { API_ERROR_MESSAGES, API_ERROR_STATUS } from './api-errors.js';
import { SMTP_ERROR_MESSAGES, SMTP_ERROR_STATUS } from './smtp-errors.js';
import { BRANDING_ERROR_MESSAGES, BRANDING_ERROR_STATUS } from './branding.js';
import { PUSH_ERROR_MESSAGES, PUSH_ERROR_STATUS } from './web-push.js';
import { REPORT_ERROR_MESSAGES, REPORT_ERROR_STATUS } from './reports.js';
import { BILLING_ERROR_MESSAGES, BILLING_ERROR_STATUS } from './billing-errors.js';
import { PLATFORM_OPS_ERROR_MESSAGES, PLATFORM_OPS_ERROR_STATUS } from './platform-ops-errors.js';
import { CALL_ERROR_MESSAGES, CALL_ERROR_STATUS } from './calls.js';
import { PRIVATE_CHAT_ERROR_MESSAGES, PRIVATE_CHAT_ERROR_STATUS } from './private-chat.js';

/**
 * Every error code the API answers with (SPEC §8 plus our own, same ERR_ style),
 * with its HTTP status. The server maps AppError(code) through this table; the
 * web app turns codes into translated messages.
 */
export const ERROR_STATUS = {
  // SPEC §8
  ERR_NO_DEF_WAPP_FOUND: 404,
  ERR_WAPP_NOT_INITIALIZED: 409,
  ERR_WAPP_INITIALIZED: 409,
  ERR_WAPP_CHECK_CONTACT: 400,
  ERR_WAPP_INVALID_CONTACT: 400,
  ERR_WAPP_DOWNLOAD_MEDIA: 400,
  ERR_INVALID_CREDENTIALS: 401,
  ERR_LIMIT_MAX: 429,
  ERR_SENDING_WAPP_MSG: 400,
  ERR_DELETE_WAPP_MSG: 400,
  ERR_OTHER_OPEN_TICKET: 409,
  ERR_SESSION_EXPIRED: 403,
  ERR_USER_CREATION_DISABLED: 403,
  ERR_NO_PERMISSION: 403,
  ERR_NO_PERMISSION_API_ADMIN: 403,
  ERR_DUPLICATED_CONTACT: 409,
  ERR_NO_SETTING_FOUND: 404,
  ERR_NO_CONTACT_FOUND: 404,
  ERR_NO_TICKET_FOUND: 404,
  ERR_NO_USER_FOUND: 404,
  ERR_NO_WAPP_FOUND: 404,
  ERR_CREATING_MESSAGE: 500,
  ERR_CREATING_TICKET: 500,
  ERR_FETCH_WAPP_MSG: 404,
  ERR_TENANT_INACTIVE: 403,
  ERR_TENANT_OVERDUE: 402,
  // Ours
  ERR_VALIDATION: 400,
  ERR_INVALID_TOKEN: 401,
  ERR_ROUTE_NOT_FOUND: 404,
  ERR_NO_TENANT_FOUND: 404,
  ERR_NO_PLAN_FOUND: 404,
  ERR_PLAN_IN_USE: 409,
  ERR_PLAN_NAME_TAKEN: 409,
  ERR_NO_USER_TENANT_FOUND: 404,
  ERR_TENANT_PROTECTED: 400,
  ERR_USER_LIMIT: 400,
  ERR_CONNECTION_LIMIT: 400,
  ERR_DUPLICATED_EMAIL: 409,
  ERR_DUPLICATED_USER_TENANT: 409,
  ERR_INVALID_RESET_TOKEN: 400,
  ERR_SETTINGS_CONFLICT: 400,
  ERR_CANNOT_DELETE_SELF: 400,
  ERR_PAYLOAD_TOO_LARGE: 413,
  ERR_UNSUPPORTED_MEDIA_TYPE: 415,
  ERR_INTERNAL: 500,
  ERR_NOT_READY: 503,
  ERR_SERVICE_UNAVAILABLE: 503,
  ERR_TRANSFER_SAME_USER: 400,
  ERR_TRANSFER_SAME_QUEUE: 400,
  ERR_NO_QUEUE_FOUND: 404,
  ERR_DUPLICATED_QUEUE: 409,
  ERR_NO_QUICK_MESSAGE_FOUND: 404,
  ERR_DUPLICATED_QUICK_MESSAGE: 409,
  ERR_NO_MESSAGE_FOUND: 404,
  ERR_TICKET_OF_OTHER_USER: 403,
  ERR_INVALID_PHONE: 400,
  ERR_INVALID_JSON: 400,
  ERR_IMPORT_MISSING_COLUMNS: 400,
  ERR_NO_IMPORT_FOUND: 404,
  ERR_INVALID_CURRENT_PASSWORD: 400,
  ERR_INVALID_EMAIL_CHANGE_TOKEN: 400,
  ERR_NO_AUTO_REPLY_FOUND: 404,
  ERR_DUPLICATED_AUTO_REPLY: 409,
  ERR_NO_FAREWELL_FOUND: 404,
  ERR_NO_FLOW_FOUND: 404,
  ERR_NO_LANE_FOUND: 404,
  ERR_DUPLICATED_LANE: 409,
  ERR_NO_TAG_FOUND: 404,
  ERR_DUPLICATED_TAG: 409,
  ...DEMAND_ERROR_STATUS,
  ERR_NO_NOTE_FOUND: 404,
  ...TASKS_ERROR_STATUS,
  ERR_NO_TEAM_FOUND: 404,
  ERR_DUPLICATED_TEAM: 409,
  ...BIRTHDAY_ERROR_STATUS,
  ...SCHEDULE_ERROR_STATUS,
  ...CAMPAIGN_ERROR_STATUS,
  ...SMS_ERROR_STATUS,
  ...GROUP_ERROR_STATUS,
  ...MASS_SEND_ERROR_STATUS,
  ...AI_BOT_ERROR_STATUS,
  ...API_ERROR_STATUS,
  ...SMTP_ERROR_STATUS,
  ...BRANDING_ERROR_STATUS,
  ...PUSH_ERROR_STATUS,
  ...REPORT_ERROR_STATUS,
  ...BILLING_ERROR_STATUS,
  ...PLATFORM_OPS_ERROR_STATUS,
  ...CALL_ERROR_STATUS,
  ...PRIVATE_CHAT_ERROR_STATUS,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && value in ERROR_STATUS;
}

/** Default English messages, used by the server in error bodies. */
export const ERROR_MESSAGES: Record<ErrorCode, string> = {
  ERR_NO_DEF_WAPP_FOUND: 'No default channel found. Check your connections.',
  ERR_WAPP_NOT_INITIALIZED: 'The channel session is not initialized.',
  ERR_WAPP_INITIALIZED: 'The channel is not connected; it is restarting. Try again in a few seconds.',
  ERR_WAPP_CHECK_CONTACT: 'Could not verify the contact on the channel.',
  ERR_WAPP_INVALID_CONTACT: 'This is not a valid WhatsApp number.',
  ERR_WAPP_DOWNLOAD_MEDIA: 'Could not download the media.',
  ERR_INVALID_CREDENTIALS: 'Authentication error. Check your e-mail and password and try again.',
  ERR_LIMIT_MAX: 'Too many attempts. Try again in 1 minute.',
  ERR_SENDING_WAPP_MSG: 'The message could not be sent.',
  ERR_DELETE_WAPP_MSG: 'The message could not be deleted.',
  ERR_OTHER_OPEN_TICKET: 'Já existe um ticket aberto/pendente para esse contato.',
  ERR_SESSION_EXPIRED: 'Your session expired. Please log in again.',
  ERR_USER_CREATION_DISABLED: 'User creation is disabled by the administrator.',
  ERR_NO_PERMISSION: 'You do not have permission for this action.',
  ERR_NO_PERMISSION_API_ADMIN: 'Instalação não AUTORIZADA',
  ERR_DUPLICATED_CONTACT: 'A contact with this number already exists.',
  ERR_NO_SETTING_FOUND: 'No setting found with this key.',
  ERR_NO_CONTACT_FOUND: 'No contact found with this ID.',
  ERR_NO_TICKET_FOUND: 'No ticket found with this ID.',
  ERR_NO_USER_FOUND: 'No user found with this ID.',
  ERR_NO_WAPP_FOUND: 'No channel found with this ID.',
  ERR_CREATING_MESSAGE: 'Error while creating the message in the database.',
  ERR_CREATING_TICKET: 'Error while creating the ticket in the database.',
  ERR_FETCH_WAPP_MSG: 'Could not fetch the message; it may be too old.',
  ERR_TENANT_INACTIVE: 'Sua empresa está inativa!',
  ERR_TENANT_OVERDUE: 'Payment overdue. Check the status of your plan.',
  ERR_VALIDATION: 'Some fields are invalid.',
  ERR_INVALID_TOKEN: 'Token inválido. Redirecionando para a página de login.',
  ERR_ROUTE_NOT_FOUND: 'Route not found.',
  ERR_NO_TENANT_FOUND: 'No tenant found with this ID.',
  ERR_NO_PLAN_FOUND: 'No plan found with this ID.',
  ERR_PLAN_IN_USE: 'This plan is used by companies: move them to another plan first.',
  ERR_PLAN_NAME_TAKEN: 'A plan with this name already exists.',
  ERR_NO_USER_TENANT_FOUND: 'No user-tenant link found with this ID.',
  ERR_TENANT_PROTECTED: 'The main company (tenant 1) cannot be deactivated or deleted.',
  ERR_USER_LIMIT: 'Limite de usuários atingido.',
  ERR_CONNECTION_LIMIT: 'Limite de conexões atingidas',
  ERR_DUPLICATED_EMAIL: 'A user with this e-mail already exists.',
  ERR_DUPLICATED_USER_TENANT: 'This user is already linked to this tenant.',
  ERR_INVALID_RESET_TOKEN: 'The password reset link is invalid or has expired.',
  ERR_SETTINGS_CONFLICT:
    'Hiding tickets assigned to others, hiding chatbot tickets and showing tickets without user or queue cannot be combined.',
  ERR_CANNOT_DELETE_SELF: 'Não é possível deletar o usuário.',
  ERR_PAYLOAD_TOO_LARGE: 'The request is too large.',
  ERR_UNSUPPORTED_MEDIA_TYPE: 'Unsupported content type.',
  ERR_INTERNAL: 'Ocorreu um erro não identificado.',
  ERR_NOT_READY: 'The service is starting. Try again shortly.',
  ERR_SERVICE_UNAVAILABLE: 'The service is briefly unavailable (its database cannot be reached). Try again in a few seconds.',
  ERR_TRANSFER_SAME_USER: 'Ticket já pertence ao usuário selecionado.',
  ERR_TRANSFER_SAME_QUEUE: 'Ticket já pertence à fila selecionada.',
  ERR_NO_QUEUE_FOUND: 'No queue found with this ID.',
  ERR_DUPLICATED_QUEUE: 'A queue with this name already exists.',
  ERR_NO_QUICK_MESSAGE_FOUND: 'No active quick message found with this key or ID.',
  ERR_DUPLICATED_QUICK_MESSAGE: 'A quick message with this key already exists.',
  ERR_NO_MESSAGE_FOUND: 'Message not found',
  ERR_TICKET_OF_OTHER_USER: 'This ticket is being handled by another user.',
  ERR_INVALID_PHONE: 'Invalid number: check the digits and the country code (e.g. +55 11 98765-4321).',
  ERR_INVALID_JSON: 'The entered JSON format is invalid. Please correct and try again.',
  ERR_IMPORT_MISSING_COLUMNS: 'Contact import file needs columns Name and Number',
  ERR_NO_IMPORT_FOUND: 'No contact import found with this ID.',
  ERR_INVALID_CURRENT_PASSWORD: 'The current password is not correct.',
  ERR_INVALID_EMAIL_CHANGE_TOKEN: 'The e-mail confirmation link is invalid or has expired.',
  ERR_NO_AUTO_REPLY_FOUND: 'No auto-reply found with this ID.',
  ERR_DUPLICATED_AUTO_REPLY: 'An auto-reply with this name already exists.',
  ERR_NO_FAREWELL_FOUND: 'No closing message found with this ID.',
  ERR_NO_FLOW_FOUND: 'No chatbot flow found with this ID.',
  ERR_NO_LANE_FOUND: 'No kanban lane found with this ID.',
  ERR_DUPLICATED_LANE: 'A kanban lane with this name already exists.',
  ERR_NO_TAG_FOUND: 'No tag found with this ID.',
  ERR_DUPLICATED_TAG: 'A tag with this name already exists.',
  ...DEMAND_ERROR_MESSAGES,
  ERR_NO_NOTE_FOUND: 'No note found with this ID.',
  ...TASKS_ERROR_MESSAGES,
  ERR_NO_TEAM_FOUND: 'No team found with this ID.',
  ERR_DUPLICATED_TEAM: 'A team with this name already exists.',
  ...BIRTHDAY_ERROR_MESSAGES,
  ...SCHEDULE_ERROR_MESSAGES,
  ...CAMPAIGN_ERROR_MESSAGES,
  ...SMS_ERROR_MESSAGES,
  ...GROUP_ERROR_MESSAGES,
  ...MASS_SEND_ERROR_MESSAGES,
  ...AI_BOT_ERROR_MESSAGES,
  ...API_ERROR_MESSAGES,
  ...SMTP_ERROR_MESSAGES,
  ...BRANDING_ERROR_MESSAGES,
  ...PUSH_ERROR_MESSAGES,
  ...REPORT_ERROR_MESSAGES,
  ...BILLING_ERROR_MESSAGES,
  ...PLATFORM_OPS_ERROR_MESSAGES,
  ...CALL_ERROR_MESSAGES,
  ...PRIVATE_CHAT_ERROR_MESSAGES,
};

/**
 * Why one field was refused, in a form a client can translate (the server's `fields` messages are
 * English). `code` is a zod issue code with its limits (`too_small` + `origin` + `minimum`,
 * `invalid_format` + `format`…), `required` for a missing or empty value, `invalid` for a rule
 * without a code of its own, or an error code (`ERR_INVALID_PHONE`) when the field breaks that rule.
 * `rule` names a custom rule of the shared schemas (`weakPassword`, `invalidIdentity`).
 */
export interface FieldIssue {
  code: string;
  origin?: string;
  minimum?: number;
  maximum?: number;
  inclusive?: boolean;
  format?: string;
  rule?: string;
}

/** The zod issue params a custom rule of the shared schemas carries, so that its FieldIssue names it. */
export const fieldRule = (rule: string) => ({ params: { rule } });

/** Shape of every error answer of the API. */
export interface ApiErrorBody {
  error: ErrorCode | string;
  message: string;
  /** Per field (path such as `name` or `admin.email`): English messages. */
  fields?: Record<string, string[]>;
  /** Per field, the same problems as codes (one FieldIssue per message of `fields`). */
  issues?: Record<string, FieldIssue[]>;
  /** Extra machine-readable facts (e.g. the id of the ticket already open for a contact). */
  details?: Record<string, unknown>;
}
