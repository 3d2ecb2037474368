export {
  aiAvailableProvidersSchema,
  aiConnectionTestSchema,
  aiProviderParamsSchema,
  aiProviderSettingsBodySchema,
  aiProviderSettingsSchema,
  channelAiBotBodySchema,
  channelAiBotSchema,
  idParamSchema,
} from '@conversa/shared';
