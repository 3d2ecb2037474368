import { SMTP_PASSWORD_MASK, type TenantSmtp } from '@conversa/shared';
import type { TenantSmtpRow } from './tenant-smtp.repository.js';

/** The company's SMTP server as the settings form shows it: the password masked, never sent. */
export function presentTenantSmtp(row: TenantSmtpRow | undefined): TenantSmtp {
  if (!row) return { configured: false, host: '', port: 587, secure: false, user: '', password: '', fromAddress: '', updatedAt: null };
  return {
    configured: true,
    host: row.host,
    port: row.port,
    secure: row.secure,
    user: row.user,
    password: row.password ? SMTP_PASSWORD_MASK : '',
    fromAddress: row.fromAddress,
    updatedAt: row.updatedAt.toISOString(),
  };
}
