import type { AppContext } from '../../../app-context.js';
import { SecretUnreadableError } from '../../../platform/crypto/secret-box.js';
import type { SmtpServer } from '../../../platform/mail/smtp-transport.js';
import { findTenantSmtp, type TenantSmtpRow } from '../tenant-smtp.repository.js';

/** The SecretBox label of the stored password (a sealed value cannot be moved to another field). */
export const SMTP_PASSWORD_LABEL = 'smtp.password';

export interface TenantSmtpServer extends SmtpServer {
  fromAddress: string;
}

/** The stored server with its password in clear, for the transport only; undefined when the password cannot be opened (the key changed). */
export function openTenantSmtp(ctx: Pick<AppContext, 'secretBox'>, row: TenantSmtpRow): TenantSmtpServer | undefined {
  try {
    return {
      host: row.host,
      port: row.port,
      secure: row.secure,
      user: row.user || null,
      password: row.password ? ctx.secretBox.open(row.password, SMTP_PASSWORD_LABEL) : null,
      fromAddress: row.fromAddress,
    };
  } catch (error) {
    if (error instanceof SecretUnreadableError) return undefined;
    throw error;
  }
}

/** The company's own SMTP server, ready to use; undefined when it has none (or its password is unreadable). */
export async function tenantSmtpServer(ctx: Pick<AppContext, 'db' | 'secretBox'>, tenantId: number): Promise<TenantSmtpServer | undefined> {
  const row = await findTenantSmtp(ctx.db, tenantId);
  return row && openTenantSmtp(ctx, row);
}
