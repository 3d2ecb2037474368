import { z } from 'zod';
import { normaliseColor, PALETTE_KEYS, type Palette, type PaletteKey } from './palette.js';

/**
 * White-label (issue 15; SPEC §1 "Colour, logo, favicon and application-name customisation", §2
 * /customizar, §7 GET/PUT /tenants/systemColors/ and GET /publicSystemColors).
 *
 * The palette is the product family's: eight named colours, exchanged as an array of colour objects
 * `{ label: 'Primary', primary: '#5c67f2' }` (Whazing's shape), each key applied by the web app as the
 * page colour variable `--q-<key>` and read by the Mantine theme.
 */

/** `#rgb`, `#rrggbb` or `rgb(r, g, b)` (what colour pickers give), normalised to lower-case `#rrggbb`. */
export const colorValueSchema = z
  .string()
  .trim()
  .max(40)
  .transform((value, ctx) => {
    const normalised = normaliseColor(value);
    if (!normalised) {
      ctx.addIssue({ code: 'custom', message: 'Must be a colour such as #12b886.' });
      return z.NEVER;
    }
    return normalised;
  });

/** One colour object: an optional label and exactly one palette key. */
export const colorObjectSchema = z
  .object({
    label: z.string().trim().max(40).optional(),
    primary: colorValueSchema.optional(),
    secondary: colorValueSchema.optional(),
    accent: colorValueSchema.optional(),
    neutral: colorValueSchema.optional(),
    positive: colorValueSchema.optional(),
    negative: colorValueSchema.optional(),
    warning: colorValueSchema.optional(),
    light: colorValueSchema.optional(),
  })
  .superRefine((value, ctx) => {
    const keys = PALETTE_KEYS.filter((key) => value[key] !== undefined);
    if (keys.length !== 1) ctx.addIssue({ code: 'custom', message: `Each colour object names exactly one of ${PALETTE_KEYS.join(', ')}.` });
  });
export type ColorObject = { label: string } & Partial<Palette>;

/**
 * PUT /tenants/systemColors/: the array of colour objects (Whazing's body). Colours left out keep
 * the inherited value; an empty array removes the company's palette (it inherits the platform's).
 */
export const systemColorsBodySchema = z
  .array(colorObjectSchema)
  .max(PALETTE_KEYS.length)
  .superRefine((items, ctx) => {
    const seen = new Set<string>();
    for (const item of items) {
      const key = PALETTE_KEYS.find((k) => item[k] !== undefined);
      if (!key) continue;
      if (seen.has(key)) ctx.addIssue({ code: 'custom', message: `The colour '${key}' is given twice.` });
      seen.add(key);
    }
  })
  .describe('Colour objects `{ label, <key>: "#rrggbb" }`, keys: ' + PALETTE_KEYS.join(', '));

export const colorObjectOutSchema = z
  .object({ label: z.string() })
  .catchall(z.string())
  .describe('`{ label: "Primary", primary: "#12b886" }`');

/** GET/PUT /tenants/systemColors/: the company's effective palette and whether it is its own. */
export const systemColorsSchema = z.object({
  systemColors: z.array(colorObjectOutSchema),
  /** The company has no palette of its own: these are the platform's (or Conversa's defaults). */
  inherited: z.boolean(),
});
export type SystemColors = z.infer<typeof systemColorsSchema>;

export function labelOf(key: PaletteKey): string {
  return key.charAt(0).toUpperCase() + key.slice(1);
}

/** The palette as the array of colour objects (SPEC §7 "array of colour objects"). */
export function colorObjectsOf(palette: Palette): ColorObject[] {
  return PALETTE_KEYS.map((key) => ({ label: labelOf(key), [key]: palette[key] }));
}

// ---- names, images ----

export const APP_NAME_MAX = 60;
export const DEFAULT_APP_NAME = 'Conversa';

export const BRANDING_IMAGE_KINDS = ['logo', 'favicon', 'background'] as const;
export type BrandingImageKind = (typeof BRANDING_IMAGE_KINDS)[number];

/**
 * Upload limits per image (bytes of the file sent, pixels of the decoded image). Images are decoded
 * and re-encoded by the server (PNG for logo and icon, WebP for the background): SVG is refused.
 */
export const BRANDING_IMAGE_LIMITS: Record<BrandingImageKind, { maxBytes: number }> = {
  logo: { maxBytes: 2 * 1024 * 1024 },
  favicon: { maxBytes: 1024 * 1024 },
  background: { maxBytes: 5 * 1024 * 1024 },
};
export const BRANDING_MAX_PIXELS = 40_000_000;
/** What the file picker offers (the server checks the bytes, not this list). */
export const BRANDING_IMAGE_ACCEPT = 'image/png,image/jpeg,image/webp,image/gif,image/avif';

/** The effective branding (the company's own over the platform's over Conversa's defaults). */
export const brandingSchema = z.object({
  appName: z.string(),
  logoUrl: z.string().nullable(),
  faviconUrl: z.string().nullable(),
  /** 192 and 512 px PNG icons made from the favicon (the web app manifest). */
  iconUrls: z.object({ 192: z.string(), 512: z.string() }).nullable(),
  backgroundUrl: z.string().nullable(),
  systemColors: z.array(colorObjectOutSchema),
});
export type Branding = z.infer<typeof brandingSchema>;

const ownImageSchema = z.object({ url: z.string().nullable(), inherited: z.boolean() });

/** GET /tenants/branding/: the company's own settings beside what it inherits (the /customizar screen). */
export const tenantBrandingSchema = z.object({
  /** Tenant 1's settings are the platform's: every company without its own inherits them. */
  platform: z.boolean(),
  appName: z.object({ value: z.string(), inherited: z.boolean() }),
  logo: ownImageSchema,
  favicon: ownImageSchema,
  /** The login page's background: the platform's only (the login page is shown before any company is known). */
  background: ownImageSchema,
  systemColors: systemColorsSchema,
});
export type TenantBranding = z.infer<typeof tenantBrandingSchema>;

export const brandingNameBodySchema = z.object({
  /** null or blank: inherit the platform's name (tenant 1: Conversa's). */
  appName: z
    .string()
    .trim()
    .max(APP_NAME_MAX)
    .nullable()
    .transform((value) => (value ? value : null)),
});

export const brandingImageParamsSchema = z.object({ kind: z.enum(BRANDING_IMAGE_KINDS) });

export const BRANDING_ERROR_STATUS = {
  /** The uploaded file is not an image the server can read (PNG, JPEG, WebP, GIF, AVIF), or has too many pixels. */
  ERR_BRANDING_IMAGE_INVALID: 400,
  /** SVG images are refused: they can carry scripts and links. */
  ERR_SVG_NOT_ACCEPTED: 415,
  /** No white-label image has this address (it was replaced or removed). */
  ERR_BRANDING_FILE_NOT_FOUND: 404,
} as const;

export const BRANDING_ERROR_MESSAGES: Record<keyof typeof BRANDING_ERROR_STATUS, string> = {
  ERR_BRANDING_IMAGE_INVALID: 'The file is not a readable PNG, JPEG, WebP, GIF or AVIF image of at most 40 megapixels.',
  ERR_SVG_NOT_ACCEPTED: 'SVG images are not accepted: send a PNG, JPEG or WebP image.',
  ERR_BRANDING_FILE_NOT_FOUND: 'This image does not exist (it was replaced or removed).',
};
