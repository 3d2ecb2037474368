/** Request and answer schemas of the reason routes: in @conversa/shared (the web app's form checks with the same ones). */
export { createDemandBodySchema, demandSchema, demandUsageSchema, updateDemandBodySchema } from '@conversa/shared';
