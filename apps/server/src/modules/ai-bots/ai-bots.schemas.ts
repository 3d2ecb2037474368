export {
  aiAvailableProvidersSchema,
  aiConnectionTestSchema,
  aiProviderParamsSchema,
  aiProviderSettingsBodySchema,
  aiProviderSettingsSchema,
  botIntegrationParamsSchema,
  botIntegrationSettingsBodySchema,
  botIntegrationSettingsSchema,
  botIntegrationTestSchema,
  channelAiBotBodySchema,
  channelAiBotSchema,
  idParamSchema,
} from '@conversa/shared';
