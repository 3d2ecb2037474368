import type { AddressInfo } from 'node:net';
import { startMetaCloudSimulator } from '@conversa/simulators';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { demoRoutes } from './demo.routes.js';
import { ensureDemoChannel } from './use-cases/ensure-demo-channel.js';

/**
 * DEMO_SIMULATORS=true: the Meta Cloud API simulator runs in this process on a free port of
 * 127.0.0.1 (private outbound calls are allowed, see createContext), tenant 1 gets the waba
 * channel "WhatsApp (demo simulator)" on it, the simulator's webhook points at this server once it
 * listens, and /demo/whatsapp lets a newcomer play the customer. Without the flag nothing here runs
 * and the routes do not exist.
 */
export async function registerDemoSimulators(app: FastifyInstance, ctx: AppContext): Promise<void> {
  if (!ctx.env.DEMO_SIMULATORS) return;
  const sim = await startMetaCloudSimulator({ autoStatuses: { delayMs: 1500 }, verifiedName: 'Conversa demo' });
  let publicKey = '';
  app.addHook('onReady', async () => {
    const channel = await ensureDemoChannel(ctx, sim);
    publicKey = channel.publicKey;
    ctx.logger.info(
      { channelId: channel.id, simulator: sim.url },
      'demo simulators: channel "WhatsApp (demo simulator)" ready; customer page at /demo/whatsapp',
    );
  });
  app.addHook('onListen', async () => {
    const { address, port } = app.server.address() as AddressInfo;
    const host = address === '0.0.0.0' || address === '::' ? '127.0.0.1' : address.includes(':') ? `[${address}]` : address;
    sim.setWebhookUrl(`http://${host}:${port}/webhooks/waba/${publicKey}`);
  });
  app.addHook('onClose', async () => sim.close());
  await app.register(demoRoutes(sim));
}
