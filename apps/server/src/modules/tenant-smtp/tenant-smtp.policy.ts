/**
 * A company's SMTP server is set up by its administrators (Settings → SMTP and /configuracoesTenant,
 * SPEC §2: settings are the admin's), who also send the test e-mail.
 */
export const TENANT_SMTP_AUTH = 'admin' as const;
