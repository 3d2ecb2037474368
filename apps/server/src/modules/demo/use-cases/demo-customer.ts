import type { MetaCloudSimulator, MetaSentMessage } from '@conversa/simulators';

/** What the demo page shows of a message the business sent to the customer's phone. */
export interface DemoReply {
  id: string;
  at: number;
  type: string;
  text: string;
}

/** The customer types a message on the demo phone: the simulator POSTs Meta's signed webhook to the server. */
export async function sendDemoCustomerMessage(
  sim: MetaCloudSimulator,
  input: { number: string; name: string; text: string },
): Promise<{ messageId: string; accepted: boolean }> {
  const delivery = await sim.sendInbound({ type: 'text', from: input.number, name: input.name, text: input.text });
  return { messageId: delivery.messageId, accepted: delivery.status === 200 };
}

/** A field of a JSON object, as an object (empty when absent). */
const field = (value: unknown, key: string): Record<string, unknown> => {
  const inner = value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  return inner && typeof inner === 'object' ? (inner as Record<string, unknown>) : {};
};
const str = (value: unknown): string => (typeof value === 'string' ? value : '');

function replyText(sent: MetaSentMessage): string {
  const p = sent.payload;
  switch (sent.type) {
    case 'text':
      return str(field(p, 'text').body);
    case 'image':
    case 'video':
    case 'audio':
    case 'document':
    case 'sticker': {
      const caption = str(field(p, sent.type).caption);
      return `[${sent.type}]${caption ? ` ${caption}` : ''}`;
    }
    case 'interactive':
      return str(field(field(p, 'interactive'), 'body').text) || '[interactive]';
    case 'template':
      return `[template ${str(field(p, 'template').name)}]`;
    default:
      return `[${sent.type}]`;
  }
}

/** The business's messages to this number that the simulator recorded, after the first `after` of them. */
export function listDemoReplies(sim: MetaCloudSimulator, number: string, after: number): { replies: DemoReply[]; next: number } {
  const mine = sim.sent.filter((s) => s.to.replace(/\D/g, '') === number && s.type !== 'reaction');
  return {
    replies: mine.slice(after).map((s) => ({ id: s.id, at: s.at, type: s.type, text: replyText(s) })),
    next: mine.length,
  };
}
