import { randomBytes } from 'node:crypto';
import { normalizeEmail } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import { queueTenantEmail } from '../../tenant-smtp/use-cases/queue-tenant-email.js';
import { findUserByEmailAnyTenant } from '../../users/use-cases/find-user-by-email-any-tenant.js';
import { insertPasswordResetToken } from '../auth.repository.js';
import { takeAttempt } from '../rate-limit.js';
import { hmac } from '../refresh-tokens.js';

export const RESET_TOKEN_TTL_MINUTES = 60;

/**
 * Always answers the same way; when the e-mail exists, a single-use link is e-mailed by a durable job,
 * through the SMTP server of the user's company when it has one (tenant-smtp).
 */
export async function requestPasswordReset(ctx: AppContext, input: { email: string; ip: string }): Promise<void> {
  const email = normalizeEmail(input.email);
  const keys = [`reset:email:${email}`, `reset:ip:${input.ip}`];
  await takeAttempt(ctx.db, keys);

  const user = await findUserByEmailAnyTenant(ctx.db, email);
  if (!user) return;
  const token = randomBytes(32).toString('base64url');
  await insertPasswordResetToken(ctx.db, {
    userId: user.id,
    tokenHash: hmac(ctx.secrets.jwtRefreshSecret, token),
    expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MINUTES * 60_000),
  });
  const link = `${ctx.appUrl.replace(/\/$/, '')}/#/reset/${token}`;
  await queueTenantEmail(ctx, user.tenantId, {
    to: user.email,
    subject: 'Conversa — redefinição de senha / password reset',
    text:
      `Olá ${user.name},\n\nPara redefinir sua senha, abra o link abaixo (válido por ${RESET_TOKEN_TTL_MINUTES} minutos, uso único):\n${link}\n\n` +
      `To reset your password, open the link above (valid for ${RESET_TOKEN_TTL_MINUTES} minutes, single use).\n\n` +
      `Se você não pediu, ignore este e-mail. / If you did not ask for it, ignore this e-mail.`,
  });
}
