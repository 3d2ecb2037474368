import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../../app-context.js';
import { queueTenantEmail } from '../../tenant-smtp/use-cases/queue-tenant-email.js';
import { takeAttempt } from '../../auth/rate-limit.js';
import { hmac } from '../../auth/refresh-tokens.js';
import { findUserByEmailAnyTenant, insertEmailChangeRequest, type UserRow } from '../users.repository.js';

export const EMAIL_CHANGE_TTL_MINUTES = 60;

/**
 * One's own new e-mail is not set at once: a single-use link goes to the new address, and the
 * change happens when it is opened (confirm-email-change.ts). The caller gets the same answer
 * whether the address is free or already has an account (no account enumeration); in the second
 * case no link is made and the address's owner is told instead. Limited to 5 requests a minute.
 */
export async function requestEmailChange(ctx: AppContext, user: UserRow, newEmail: string): Promise<void> {
  await takeAttempt(ctx.db, [`email-change:user:${user.id}`]);
  const base = ctx.appUrl.replace(/\/$/, '');
  if (await findUserByEmailAnyTenant(ctx.db, newEmail)) {
    await ctx.jobs.send('email.send', {
      to: newEmail,
      subject: 'Conversa — tentativa de uso do seu e-mail / someone tried to use your e-mail',
      text:
        `Alguém tentou usar este e-mail, que já tem uma conta no Conversa, em outra conta. Nada foi alterado.\n` +
        `Se foi você, entre em ${base}/#/login com a conta deste e-mail.\n\n` +
        `Someone tried to move this e-mail, which already has a Conversa account, to another account. Nothing was changed.\n` +
        `If it was you, sign in at ${base}/#/login with this e-mail's account.`,
    });
    return;
  }
  const token = randomBytes(32).toString('base64url');
  await insertEmailChangeRequest(ctx.db, {
    userId: user.id,
    newEmail,
    tokenHash: hmac(ctx.secrets.jwtRefreshSecret, `email-change:${token}`),
    expiresAt: new Date(Date.now() + EMAIL_CHANGE_TTL_MINUTES * 60_000),
  });
  // The user's own company's e-mail: through its SMTP server when it has one.
  await queueTenantEmail(ctx, user.tenantId, {
    to: newEmail,
    subject: 'Conversa — confirme o seu novo e-mail / confirm your new e-mail',
    text:
      `Olá ${user.name},\n\nPara usar este e-mail na sua conta do Conversa, abra o link abaixo (válido por ${EMAIL_CHANGE_TTL_MINUTES} minutos, uso único):\n` +
      `${base}/#/perfil/email/${token}\n\n` +
      `To use this e-mail for your Conversa account, open the link above (valid for ${EMAIL_CHANGE_TTL_MINUTES} minutes, single use).\n\n` +
      `Se você não pediu, ignore este e-mail. / If you did not ask for it, ignore this e-mail.`,
  });
}
