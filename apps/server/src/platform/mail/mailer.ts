import type { Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { Env } from '../../config/env.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** SMTP through nodemailer. Without SMTP_HOST (development only) the message is written to the log instead. */
export function createMailer(env: Env, logger: Logger): Mailer {
  if (!env.SMTP_HOST) {
    return {
      async send(mail) {
        if (env.NODE_ENV === 'production') throw new Error('SMTP is not configured (set SMTP_HOST); the e-mail cannot be sent.');
        logger.warn({ mail }, 'SMTP_HOST is not set: e-mail written to the log instead of sent');
      },
    };
  }
  const host = env.SMTP_HOST;
  // nodemailer is loaded by the first e-mail, not at start.
  let transport: Promise<Transporter> | undefined;
  const connect = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        host,
        port: env.SMTP_PORT,
        secure: env.SMTP_SECURE,
        auth: env.SMTP_USER ? { user: env.SMTP_USER, pass: env.SMTP_PASS ?? '' } : undefined,
        // Local test servers have no certificate; real providers are verified.
        tls: env.NODE_ENV === 'production' ? undefined : { rejectUnauthorized: false },
      }),
    ));
  return {
    async send(mail) {
      await (await connect()).sendMail({ from: env.SMTP_FROM, ...mail });
    },
  };
}
