import { z } from 'zod';
import { emailSchema } from './contracts.js';
import { SECRET_MASK } from './secret-mask.js';

/**
 * A company's own SMTP server (SPEC §2 /configuracoes/smtp and /configuracoesTenant → smtp-tenant;
 * §3 SMTP: host, port, user, password, secure): the e-mails the platform sends on behalf of the
 * company (its users' password resets and e-mail confirmations) go through it. Shared by the
 * server's routes and the settings form.
 */

/** What a stored password looks like in answers. */
export const SMTP_PASSWORD_MASK = SECRET_MASK;

/** A host name (mail.example.com) or an IP address; no scheme, no port. */
const HOST =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$|^\[?[0-9A-Fa-f:.]+\]?$/;

export const tenantSmtpBodySchema = z.object({
  host: z
    .string()
    .trim()
    .min(1)
    .max(253)
    .regex(HOST, 'A host name such as smtp.example.com (no scheme, no port).')
    .transform((host) => host.replace(/^\[|\]$/g, '').toLowerCase()),
  port: z.number().int().min(1, 'A port from 1 to 65535.').max(65535, 'A port from 1 to 65535.'),
  /** TLS from the first byte (port 465). Off: plain, upgraded with STARTTLS when the server offers it (587, 25). */
  secure: z.boolean().default(false),
  /** The AUTH user; empty: the server takes mail without authentication (a relay). */
  user: z.string().trim().max(254).default(''),
  /** The AUTH password. Omitted, empty or the mask: the stored one is kept (same host and user). */
  password: z.string().max(500).optional(),
  /** The sender of the company's e-mails (From). */
  fromAddress: emailSchema,
});
export type TenantSmtpBody = z.input<typeof tenantSmtpBodySchema>;

export const tenantSmtpSchema = z.object({
  configured: z.boolean(),
  host: z.string(),
  port: z.number().int(),
  secure: z.boolean(),
  user: z.string(),
  /** SMTP_PASSWORD_MASK when a password is stored, '' when not. Never the password. */
  password: z.string(),
  fromAddress: z.string(),
  updatedAt: z.string().nullable(),
});
export type TenantSmtp = z.infer<typeof tenantSmtpSchema>;

/** POST /settings/smtp/test: a real e-mail through the saved server, now. */
export const tenantSmtpTestBodySchema = z.object({ to: emailSchema });
export type TenantSmtpTestBody = z.input<typeof tenantSmtpTestBodySchema>;

export const tenantSmtpTestResultSchema = z.object({
  ok: z.literal(true),
  to: z.string(),
  /** The server's answer to the message (e.g. "250 OK: queued as …"). */
  response: z.string(),
});
export type TenantSmtpTestResult = z.infer<typeof tenantSmtpTestResultSchema>;
