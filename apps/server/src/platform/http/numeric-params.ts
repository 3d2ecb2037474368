import type { FastifyInstance, RouteOptions } from 'fastify';

/**
 * Path parameters that are numeric ids (`:id`, `:ticketId`, … whose params schema is a number)
 * match only digits: `/tenants/business-hours` or `/messages/sendBirthday` (SPEC §7 paths that are
 * not built) are then unknown routes (404 ERR_ROUTE_NOT_FOUND) instead of a `/{id}` route's 400
 * "Invalid params: id". Ids that are UUIDs or keys keep their own shapes. Register before the routes.
 */
export function registerNumericParams(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const shape = paramsShape(route.schema?.params);
    if (!shape) return;
    const url = route.url.replace(/:([A-Za-z0-9_]+)(?=\/|$)/g, (segment, name: string) =>
      isNumberSchema(shape[name]) ? `:${name}(^\\d+$)` : segment,
    );
    route.url = url;
    (route as { path?: string }).path = url;
  });
}

type ZodLike = { _zod?: { def?: { type?: string; shape?: Record<string, unknown>; in?: unknown; innerType?: unknown } } };

function paramsShape(schema: unknown): Record<string, unknown> | undefined {
  const def = (schema as ZodLike | undefined)?._zod?.def;
  return def?.type === 'object' ? def.shape : undefined;
}

function isNumberSchema(schema: unknown): boolean {
  const def = (schema as ZodLike | undefined)?._zod?.def;
  if (!def) return false;
  if (def.type === 'number' || def.type === 'int') return true;
  // z.coerce / preprocess pipelines and optional wrappers around a number.
  if (def.type === 'pipe') return isNumberSchema(def.in);
  if (def.innerType) return isNumberSchema(def.innerType);
  return false;
}
