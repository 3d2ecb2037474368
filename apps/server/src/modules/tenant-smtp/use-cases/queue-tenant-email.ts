import type { AppContext } from '../../../app-context.js';
import type { Mail } from '../../../platform/mail/mailer.js';

/**
 * Queues an e-mail the platform sends on behalf of a company (a password reset or an e-mail
 * confirmation of one of its users): a durable job sends it through the company's SMTP server when
 * it has one, else the platform's (deliver-tenant-email.ts).
 */
export async function queueTenantEmail(ctx: Pick<AppContext, 'jobs'>, tenantId: number, mail: Mail): Promise<void> {
  await ctx.jobs.send('tenant-email.send', { tenantId, ...mail });
}
