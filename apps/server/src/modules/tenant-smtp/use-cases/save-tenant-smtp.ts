import { SMTP_PASSWORD_MASK, type tenantSmtpBodySchema } from '@conversa/shared';
import type { z } from 'zod';
import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { findTenantSmtp, upsertTenantSmtp, type TenantSmtpRow } from '../tenant-smtp.repository.js';
import { SMTP_PASSWORD_LABEL } from './tenant-smtp-server.js';

export type TenantSmtpInput = z.output<typeof tenantSmtpBodySchema>;

/**
 * Saves the company's SMTP server (PUT /settings/smtp). The host must pass the outbound address
 * policy, as every address a tenant sets (400 naming `host` when it is private, unless
 * OUTBOUND_ALLOW_PRIVATE_NETWORKS). The password is sealed at rest; left out (or masked) it keeps
 * the stored one, for the same host and user only: a password never follows a changed server.
 */
export async function saveTenantSmtp(ctx: AppContext, actor: Actor, input: TenantSmtpInput): Promise<TenantSmtpRow> {
  const problem = await ctx.outbound.problemWithHost(input.host);
  if (problem) throw new AppError('ERR_VALIDATION', problem, { host: [problem] });
  const typed = input.password !== undefined && input.password !== '' && input.password !== SMTP_PASSWORD_MASK ? input.password : undefined;

  return transact(ctx, async (tx) => {
    let password: string | null = null;
    if (input.user) {
      if (typed !== undefined) password = ctx.secretBox.seal(typed, SMTP_PASSWORD_LABEL);
      else {
        const stored = await findTenantSmtp(tx, actor.tenantId);
        const sameServer = stored && stored.host === input.host && stored.user === input.user;
        if (!sameServer || !stored.password)
          throw new AppError('ERR_VALIDATION', 'Type the password.', { password: ['Type the password.'] });
        password = stored.password;
      }
    }
    return upsertTenantSmtp(tx, actor.tenantId, {
      host: input.host,
      port: input.port,
      secure: input.secure,
      user: input.user,
      password,
      fromAddress: input.fromAddress,
    });
  });
}
