export { pushConfigSchema, pushSubscriptionBodySchema, pushSubscriptionSchema, pushUnsubscribeBodySchema } from '@conversa/shared';
