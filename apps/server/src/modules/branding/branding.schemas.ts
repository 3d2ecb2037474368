export {
  brandingImageParamsSchema,
  brandingNameBodySchema,
  brandingSchema,
  colorObjectOutSchema,
  systemColorsBodySchema,
  systemColorsSchema,
  tenantBrandingSchema,
} from '@conversa/shared';
