import type { AppContext } from '../../../app-context.js';
import type { Mail } from '../../../platform/mail/mailer.js';
import { createSmtpTransport } from '../../../platform/mail/smtp-transport.js';
import { tenantSmtpServer } from './tenant-smtp-server.js';

/**
 * Sends one e-mail of a company (the send job's work): through the company's SMTP server, read at
 * send time (a server saved or removed while the e-mail waited is the one used), from its sender
 * address; through the platform's mailer when the company has none. A failure throws: the job retries.
 */
export async function deliverTenantEmail(ctx: AppContext, tenantId: number, mail: Mail): Promise<void> {
  const server = await tenantSmtpServer(ctx, tenantId);
  if (!server) {
    await ctx.mailer.send(mail);
    return;
  }
  const transport = await createSmtpTransport(server, { production: ctx.env.NODE_ENV === 'production', policy: ctx.outbound });
  try {
    await transport.sendMail({ from: server.fromAddress, ...mail });
  } finally {
    transport.close();
  }
}
