import fastifyMultipart from '@fastify/multipart';
import { BRANDING_IMAGE_LIMITS, colorObjectsOf } from '@conversa/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { AppError } from '../../platform/http/app-error.js';
import { errorResponses } from '../../platform/http/responses.js';
import { actorOf } from '../auth/authenticate.js';
import { BRANDING_AUTH } from './branding.policy.js';
import { presentBranding, presentSystemColors, presentTenantBranding } from './branding.presenter.js';
import {
  brandingImageParamsSchema,
  brandingNameBodySchema,
  brandingSchema,
  colorObjectOutSchema,
  systemColorsBodySchema,
  systemColorsSchema,
  tenantBrandingSchema,
} from './branding.schemas.js';
import { webAppManifest } from './branding-manifest.js';
import { getBranding } from './use-cases/get-branding.js';
import { getPublicBranding } from './use-cases/get-public-branding.js';
import { getTenantBranding } from './use-cases/get-tenant-branding.js';
import { readBrandingFile } from './use-cases/read-branding-file.js';
import { removeBrandingImage } from './use-cases/remove-branding-image.js';
import { saveBrandingName } from './use-cases/save-branding-name.js';
import { saveSystemColors } from './use-cases/save-system-colors.js';
import { uploadBrandingImage } from './use-cases/upload-branding-image.js';

const tags = ['branding'];
const MAX_IMAGE_BYTES = Math.max(...Object.values(BRANDING_IMAGE_LIMITS).map((limit) => limit.maxBytes));

/**
 * White-label (issue 15, /customizar): SPEC §7's GET/PUT /tenants/systemColors/ and public
 * GET /publicSystemColors, the application name, logo, favicon and login background, the public
 * branding the login page reads, the images themselves and the web app manifest. Applied by the web
 * app at run time: nothing is rebuilt.
 */
export const brandingRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/publicSystemColors', {
      config: { auth: 'public' },
      schema: {
        tags,
        description:
          "SPEC §7: the platform's palette as an array of colour objects `{ label, <key>: '#rrggbb' }`, which the web app applies as page colour variables (`--q-<key>`) before login.",
        response: { 200: z.array(colorObjectOutSchema), ...errorResponses },
      },
      handler: async () => colorObjectsOf((await getPublicBranding(ctx)).palette),
    });

    app.get('/publicBranding', {
      config: { auth: 'public' },
      schema: {
        tags,
        description: "The platform's name, logo, favicon, login background and palette, for the pages shown before login.",
        response: { 200: brandingSchema, ...errorResponses },
      },
      handler: async () => presentBranding(await getPublicBranding(ctx)),
    });

    app.get('/branding', {
      config: { auth: 'user' },
      schema: {
        tags,
        description: "What the signed-in user's app shows: the company's own name, logo, favicon and palette over the platform's.",
        response: { 200: brandingSchema, ...errorResponses },
      },
      handler: async (request) => presentBranding(await getBranding(ctx, actorOf(request))),
    });

    app.get('/tenants/systemColors/', {
      config: { auth: 'user' },
      schema: {
        tags,
        description: "SPEC §7: the company's palette (its own, or the platform's it inherits).",
        response: { 200: systemColorsSchema, ...errorResponses },
      },
      handler: async (request) => presentSystemColors(await getBranding(ctx, actorOf(request))),
    });

    app.put('/tenants/systemColors/', {
      config: { auth: BRANDING_AUTH },
      schema: {
        tags,
        description:
          "SPEC §7: sets the company's palette, an array of colour objects `{ label, <key>: '#rrggbb' }` (keys primary, secondary, accent, neutral, positive, negative, warning, light; `#rgb` and `rgb(r, g, b)` accepted). Colours left out follow the platform's; `[]` removes the company's palette. Tenant 1's is the platform's (platform superadmin only).",
        body: systemColorsBodySchema,
        response: { 200: systemColorsSchema, ...errorResponses },
      },
      handler: async (request) => presentSystemColors(await saveSystemColors(ctx, actorOf(request), request.body)),
    });

    app.get('/tenants/branding/', {
      config: { auth: BRANDING_AUTH },
      schema: {
        tags,
        description: "The company's white-label settings, each with whether it is its own or inherited (the /customizar screen).",
        response: { 200: tenantBrandingSchema, ...errorResponses },
      },
      handler: async (request) => presentTenantBranding(await getTenantBranding(ctx, actorOf(request))),
    });

    app.put('/tenants/branding/', {
      config: { auth: BRANDING_AUTH },
      schema: {
        tags,
        description:
          "The application name (at most 60 characters) shown in the title, the menu and the login page; null or blank inherits the platform's.",
        body: brandingNameBodySchema,
        response: { 200: tenantBrandingSchema, ...errorResponses },
      },
      handler: async (request) => presentTenantBranding(await saveBrandingName(ctx, actorOf(request), request.body.appName)),
    });

    app.delete('/tenants/branding/:kind', {
      config: { auth: BRANDING_AUTH },
      schema: {
        tags,
        description: "Removes the company's logo, favicon or (platform only) login background: the platform's shows again.",
        params: brandingImageParamsSchema,
        response: { 200: tenantBrandingSchema, ...errorResponses },
      },
      handler: async (request) => presentTenantBranding(await removeBrandingImage(ctx, actorOf(request), request.params.kind)),
    });

    app.get('/branding/files/:key', {
      config: { auth: 'public' },
      schema: {
        tags,
        description: 'A white-label image (public, immutable: a new upload gets a new address).',
        params: z.object({ key: z.string().regex(/^[A-Za-z0-9_-]{32}$/) }),
      },
      handler: async (request, reply) => {
        const file = await readBrandingFile(ctx, request.params.key);
        return reply
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .header('cross-origin-resource-policy', 'same-site')
          .type(file.mime)
          .send(file.content);
      },
    });

    // The web app manifest (installable app): the platform's name, icons and colour, read at run time.
    app.get('/manifest.webmanifest', { config: { auth: 'public' }, schema: { hide: true } }, async (_request, reply) => {
      const manifest = webAppManifest(await getPublicBranding(ctx));
      return reply.header('cache-control', 'no-cache').type('application/manifest+json').send(JSON.stringify(manifest));
    });

    await app.register(brandingImageRoute(ctx));
  };

/** The upload route in its own plugin, so that the multipart parser exists for it alone. */
const brandingImageRoute =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(fastifyMultipart, { limits: { fileSize: MAX_IMAGE_BYTES + 1, files: 1, fields: 2 } });
    app.put('/tenants/branding/:kind', {
      config: { auth: BRANDING_AUTH },
      schema: {
        tags,
        description:
          'Uploads the logo (≤ 2 MB), the favicon (≤ 1 MB; the web app icons are made from it) or, platform superadmin only, the login background (≤ 5 MB): multipart/form-data with one file, a PNG, JPEG, WebP, GIF or AVIF image of at most 40 megapixels, checked by its content and re-encoded. SVG is refused (415 ERR_SVG_NOT_ACCEPTED); an unreadable image 400 ERR_BRANDING_IMAGE_INVALID.',
        consumes: ['multipart/form-data'],
        params: brandingImageParamsSchema,
        response: { 200: tenantBrandingSchema, 413: errorResponses[400], 415: errorResponses[400], ...errorResponses },
      },
      handler: async (request) => {
        if (!request.isMultipart()) throw new AppError('ERR_UNSUPPORTED_MEDIA_TYPE', 'Send the image as multipart/form-data.');
        const file = await request.file();
        if (!file) throw new AppError('ERR_VALIDATION', 'No file was uploaded.', { file: ['Required'] });
        const content = await file.toBuffer().catch(() => {
          throw new AppError(
            'ERR_PAYLOAD_TOO_LARGE',
            `The file is larger than ${BRANDING_IMAGE_LIMITS[request.params.kind].maxBytes / 1024 / 1024} MB.`,
          );
        });
        return presentTenantBranding(await uploadBrandingImage(ctx, actorOf(request), request.params.kind, content));
      },
    });
  };
