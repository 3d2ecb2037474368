import type { FarewellMessage } from '@conversa/shared';
import type { FarewellMessageView } from './farewell-messages.repository.js';

export function presentFarewellMessage(row: FarewellMessageView): FarewellMessage {
  return {
    id: row.id,
    message: row.message,
    userId: row.userId,
    username: row.username,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
