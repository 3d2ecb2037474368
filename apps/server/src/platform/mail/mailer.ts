import type { Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { Env } from '../../config/env.js';
import { createSmtpTransport } from './smtp-transport.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** The platform's SMTP server (env) through nodemailer. Without SMTP_HOST (development only) the message is written to the log instead. */
export function createMailer(env: Env, logger: Logger): Mailer {
  if (!env.SMTP_HOST) {
    return {
      async send(mail) {
        if (env.NODE_ENV === 'production') throw new Error('SMTP is not configured (set SMTP_HOST); the e-mail cannot be sent.');
        logger.warn({ mail }, 'SMTP_HOST is not set: e-mail written to the log instead of sent');
      },
    };
  }
  const server = { host: env.SMTP_HOST, port: env.SMTP_PORT, secure: env.SMTP_SECURE, user: env.SMTP_USER, password: env.SMTP_PASS };
  // nodemailer is loaded by the first e-mail, not at start.
  let transport: Promise<Transporter> | undefined;
  const connect = () =>
    (transport ??= createSmtpTransport(server, {
      production: env.NODE_ENV === 'production',
      timeoutMs: { connect: 120_000, greeting: 30_000, socket: 600_000 },
    }));
  return {
    async send(mail) {
      await (await connect()).sendMail({ from: env.SMTP_FROM, ...mail });
    },
  };
}
