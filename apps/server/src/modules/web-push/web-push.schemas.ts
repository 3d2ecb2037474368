export {
  pushConfigSchema,
  pushRenewBodySchema,
  pushSubscriptionBodySchema,
  pushSubscriptionSchema,
  pushUnsubscribeBodySchema,
} from '@conversa/shared';
