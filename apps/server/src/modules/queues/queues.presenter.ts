import type { Queue } from '@conversa/shared';
import type { QueueWithUsers } from './queues.repository.js';

export function presentQueue(row: QueueWithUsers): Queue {
  return {
    id: row.id,
    name: row.name,
    color: row.color,
    greetingMessage: row.greetingMessage,
    userIds: [...(row.userIds ?? [])].map(Number),
  };
}
