import { normalizeForMatch } from '@conversa/shared';

/**
 * Which auto-reply answers an inbound message. Keywords and messages are compared case- and
 * accent-insensitively, punctuation and repeated spaces ignored: "Preço?" is the keyword "preco".
 * An exact rule needs the whole message to be one of its keywords; a contains rule needs a keyword
 * as whole words inside it ("oi" is in "oi, tudo bem" but not in "boicote").
 */

export interface AutoReplyRule {
  id: number;
  active: boolean;
  trigger: 'keyword' | 'firstMessage';
  matchMode: 'exact' | 'contains';
  keywords: string[];
  channelId: number | null;
}

function keywordMatches(rule: AutoReplyRule, message: string): boolean {
  return rule.keywords.some((keyword) => {
    const wanted = normalizeForMatch(keyword);
    if (!wanted) return false;
    return rule.matchMode === 'exact' ? message === wanted : ` ${message} `.includes(` ${wanted} `);
  });
}

const RANK = { exact: 0, contains: 1, firstMessage: 2 } as const;
const rankOf = (rule: AutoReplyRule) => (rule.trigger === 'firstMessage' ? RANK.firstMessage : RANK[rule.matchMode]);

/**
 * The one rule that answers, or undefined. Only active rules of the message's channel (or of every
 * channel) count; the most specific wins: an exact keyword, then a contained keyword, then a
 * first-message rule (which answers only the message that opened the ticket); ties go to the oldest rule.
 */
export function matchAutoReply<R extends AutoReplyRule>(
  rules: readonly R[],
  message: { body: string; channelId: number; ticketCreated: boolean },
): R | undefined {
  const body = normalizeForMatch(message.body);
  return rules
    .filter((rule) => rule.active && (rule.channelId === null || rule.channelId === message.channelId))
    .filter((rule) => (rule.trigger === 'firstMessage' ? message.ticketCreated : keywordMatches(rule, body)))
    .sort((a, b) => rankOf(a) - rankOf(b) || a.id - b.id)[0];
}
