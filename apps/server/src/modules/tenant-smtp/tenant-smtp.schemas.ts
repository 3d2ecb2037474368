export { tenantSmtpBodySchema, tenantSmtpSchema, tenantSmtpTestBodySchema, tenantSmtpTestResultSchema } from '@conversa/shared';
