/** Error codes of the per-tenant SMTP server (issue 13), merged into ERROR_STATUS / ERROR_MESSAGES. */
export const SMTP_ERROR_STATUS = {
  /** The company has no SMTP server of its own (Settings → SMTP): nothing to test. */
  ERR_SMTP_NOT_CONFIGURED: 409,
  /** The SMTP server refused the user name or password (AUTH). */
  ERR_SMTP_AUTH_REFUSED: 400,
  /** The SMTP server could not be reached (host, port, firewall, timeout). */
  ERR_SMTP_UNREACHABLE: 400,
  /** The TLS handshake failed: "secure" does not match the port, or the certificate is not valid. */
  ERR_SMTP_TLS: 400,
  /** The SMTP server took the connection but refused the e-mail (sender, recipient or message). */
  ERR_SMTP_REFUSED: 400,
} as const;

export const SMTP_ERROR_MESSAGES: Record<keyof typeof SMTP_ERROR_STATUS, string> = {
  ERR_SMTP_NOT_CONFIGURED: 'This company has no SMTP server of its own: save one first.',
  ERR_SMTP_AUTH_REFUSED: 'The SMTP server refused the user name or password.',
  ERR_SMTP_UNREACHABLE: 'The SMTP server could not be reached: check the host and the port.',
  ERR_SMTP_TLS: 'The secure (TLS) connection to the SMTP server failed: check the "secure" option for this port (465: on; 587 or 25: off).',
  ERR_SMTP_REFUSED: 'The SMTP server refused the e-mail (sender or recipient).',
};
