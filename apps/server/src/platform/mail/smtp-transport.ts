import { isIP } from 'node:net';
import type { Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import { OutboundBlockedError, type OutboundPolicy } from '../http/outbound-policy.js';

/** An SMTP server as the platform (env) or a company (Settings → SMTP) sets it. */
export interface SmtpServer {
  host: string;
  port: number;
  /** TLS from the first byte (465); otherwise STARTTLS when offered. */
  secure: boolean;
  /** No user: no AUTH. */
  user?: string | null;
  password?: string | null;
}

export interface SmtpTransportOptions {
  /** Outside production, local test servers without a valid certificate are accepted; real providers are verified in production. */
  production: boolean;
  /**
   * For servers a tenant sets: the host is resolved through the outbound address policy (a private
   * address is refused unless OUTBOUND_ALLOW_PRIVATE_NETWORKS) and the connection goes to that very
   * address, the name kept for TLS, so a DNS answer cannot point it inward after the check.
   */
  policy?: OutboundPolicy;
  /** Connect, greeting and idle limits (ms); default 10 s / 10 s / 30 s. */
  timeoutMs?: { connect?: number; greeting?: number; socket?: number };
}

function resolveThrough(policy: OutboundPolicy, host: string): Promise<string> {
  if (isIP(host)) {
    policy.assertAllowedHost(host);
    return Promise.resolve(host);
  }
  return new Promise((resolve, reject) => policy.lookup(host, {}, (error, address) => (error ? reject(error) : resolve(address))));
}

/** nodemailer's SMTP options for a server (nodemailer is loaded by the caller, on first use). */
export async function smtpTransportOptions(server: SmtpServer, options: SmtpTransportOptions): Promise<SMTPTransport.Options> {
  const address = options.policy ? await resolveThrough(options.policy, server.host) : server.host;
  return {
    host: address,
    // The certificate is checked against the name, not the address it resolved to.
    ...(address !== server.host ? { servername: server.host } : {}),
    port: server.port,
    secure: server.secure,
    auth: server.user ? { user: server.user, pass: server.password ?? '' } : undefined,
    connectionTimeout: options.timeoutMs?.connect ?? 10_000,
    greetingTimeout: options.timeoutMs?.greeting ?? 10_000,
    socketTimeout: options.timeoutMs?.socket ?? 30_000,
    tls: options.production ? undefined : { rejectUnauthorized: false },
  };
}

export async function createSmtpTransport(
  server: SmtpServer,
  options: SmtpTransportOptions,
): Promise<Transporter<SMTPTransport.SentMessageInfo>> {
  const { default: nodemailer } = await import('nodemailer');
  return nodemailer.createTransport(await smtpTransportOptions(server, options));
}

/** Why an SMTP send failed, in the terms a settings screen can act on. */
export type SmtpFailure = 'blocked' | 'auth' | 'tls' | 'unreachable' | 'refused';

const TLS_WORDS = /\b(ssl|tls)\b|certificate|wrong version number|handshake|self[- ]signed|unable to verify/i;

/** Classifies a nodemailer (or policy) error: its `code` (EAUTH, ETLS, ESOCKET…) and, for socket errors, what the socket said. */
export function smtpFailureOf(error: unknown): SmtpFailure {
  if (error instanceof OutboundBlockedError) return 'blocked';
  const { code, message, library } = (error ?? {}) as { code?: string; message?: string; library?: string };
  if (code === 'EAUTH') return 'auth';
  if (code === 'ETLS' || code === 'EREQUIRETLS') return 'tls';
  if (code === 'EENVELOPE' || code === 'EMESSAGE') return 'refused';
  if (library === 'SSL routines' || TLS_WORDS.test(message ?? '')) return 'tls';
  return 'unreachable';
}
