import { AI_LIMITS, estimateTokens } from '@conversa/shared';
import type { MessageRow } from '../../messages/messages.repository.js';
import type { ChatTurn } from '../protocols/llm-client.js';

/**
 * The ticket's recent messages as the model's conversation, oldest first, within `budget`
 * estimated tokens (estimateTokens: 4 characters a token plus 4 per message), the newest kept
 * first. The customer's messages are `user` turns; ours (agents', bots', the AI's own) are
 * `assistant` turns. Deleted messages are left out; a file without caption is named by its kind
 * ("[image]"); an audio is its transcript, when it has one (channel option "transcribe audio"). The newest message always goes, cut to the budget when it alone is over it.
 */
export function conversationContext(
  newestFirst: readonly Pick<MessageRow, 'fromMe' | 'body' | 'mediaType' | 'deleted' | 'transcript'>[],
  budget: number,
): ChatTurn[] {
  const turns: ChatTurn[] = [];
  let used = 0;
  for (const message of newestFirst.slice(0, AI_LIMITS.contextMessages)) {
    if (message.deleted) continue;
    const spoken = message.mediaType === 'audio' ? (message.transcript?.trim() ?? '') : '';
    const content = [message.body.trim(), spoken].filter(Boolean).join('\n') || (message.mediaType ? `[${message.mediaType}]` : '');
    if (!content) continue;
    const cost = estimateTokens(content);
    if (used + cost > budget) {
      if (turns.length === 0)
        turns.push({ role: message.fromMe ? 'assistant' : 'user', content: content.slice(0, Math.max(0, (budget - 4) * 4)) });
      break;
    }
    used += cost;
    turns.push({ role: message.fromMe ? 'assistant' : 'user', content });
  }
  return turns.reverse();
}
