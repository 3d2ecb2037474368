import { SETTING_KEYS, settingSchema, updateSettingBodySchema, type SettingKey } from '@conversa/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { AppError } from '../../platform/http/app-error.js';
import { errorResponses } from '../../platform/http/responses.js';
import { actorOf } from '../auth/authenticate.js';
import { readSettings } from './settings.repository.js';
import { updateSetting } from './use-cases/update-setting.js';

const tags = ['settings'];
const keyParamSchema = z.object({ key: z.string().max(100) });
const isSettingKey = (key: string): key is SettingKey => (SETTING_KEYS as string[]).includes(key);

export const settingsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // Every user reads the settings (they decide what the inbox shows); only admins change them.
    app.get('/settings/', {
      config: { auth: 'user' },
      schema: { tags, response: { 200: z.array(settingSchema), ...errorResponses } },
      handler: async (request) => {
        const values = await readSettings(ctx.db, actorOf(request).tenantId);
        return SETTING_KEYS.map((key) => ({ key, value: values[key] }));
      },
    });

    app.put('/settings/:key', {
      config: { auth: 'admin' },
      schema: { tags, params: keyParamSchema, body: updateSettingBodySchema, response: { 200: settingSchema, ...errorResponses } },
      handler: async (request) => {
        const { key } = request.params;
        if (!isSettingKey(key)) throw new AppError('ERR_NO_SETTING_FOUND');
        return updateSetting(ctx, actorOf(request), key, request.body.value);
      },
    });
  };
