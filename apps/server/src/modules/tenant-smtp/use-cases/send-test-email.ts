import { ERROR_MESSAGES, type ErrorCode } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import { createSmtpTransport, smtpFailureOf, type SmtpFailure } from '../../../platform/mail/smtp-transport.js';
import type { Actor } from '../../auth/actor.js';
import { findTenantSmtp } from '../tenant-smtp.repository.js';
import { openTenantSmtp } from './tenant-smtp-server.js';

const ERROR_OF: Record<Exclude<SmtpFailure, 'blocked'>, ErrorCode> = {
  auth: 'ERR_SMTP_AUTH_REFUSED',
  tls: 'ERR_SMTP_TLS',
  unreachable: 'ERR_SMTP_UNREACHABLE',
  refused: 'ERR_SMTP_REFUSED',
};

/**
 * Sends a real e-mail through the company's saved SMTP server, now (POST /settings/smtp/test), and
 * says why it failed in terms the admin can act on: ERR_SMTP_AUTH_REFUSED, ERR_SMTP_UNREACHABLE,
 * ERR_SMTP_TLS, ERR_SMTP_REFUSED (each with the server's own words), ERR_VALIDATION on `host` when
 * the host now resolves to a private address, ERR_SMTP_NOT_CONFIGURED without a server.
 */
export async function sendTestEmail(ctx: AppContext, actor: Actor, to: string): Promise<{ ok: true; to: string; response: string }> {
  const row = await findTenantSmtp(ctx.db, actor.tenantId);
  const server = row && openTenantSmtp(ctx, row);
  if (!server) throw new AppError('ERR_SMTP_NOT_CONFIGURED');
  let transport: Awaited<ReturnType<typeof createSmtpTransport>> | undefined;
  try {
    transport = await createSmtpTransport(server, { production: ctx.env.NODE_ENV === 'production', policy: ctx.outbound });
    const info = await transport.sendMail({
      from: server.fromAddress,
      to,
      subject: 'Conversa — e-mail de teste / test e-mail',
      text:
        `Este é um e-mail de teste do Conversa: o servidor SMTP ${server.host}:${server.port} da sua empresa funciona.\n\n` +
        `This is a test e-mail from Conversa: your company's SMTP server ${server.host}:${server.port} works.`,
    });
    return { ok: true, to, response: info.response };
  } catch (error) {
    const failure = smtpFailureOf(error);
    const detail = error instanceof Error ? error.message : String(error);
    if (failure === 'blocked') throw new AppError('ERR_VALIDATION', detail, { host: [detail] });
    ctx.logger.info({ tenantId: actor.tenantId, failure, err: error }, 'SMTP test e-mail failed');
    throw new AppError(ERROR_OF[failure], `${ERROR_MESSAGES[ERROR_OF[failure]]} (${detail})`);
  } finally {
    transport?.close();
  }
}
