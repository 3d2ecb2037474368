import { describe, expect, it } from 'vitest';
import { normalizeForMatch } from '@conversa/shared';
import { matchAutoReply, type AutoReplyRule } from './match-auto-reply.js';

const rule = (id: number, fields: Partial<AutoReplyRule>): AutoReplyRule => ({
  id,
  active: true,
  trigger: 'keyword',
  matchMode: 'exact',
  keywords: [],
  channelId: null,
  ...fields,
});
const message = (body: string, extra: Partial<{ channelId: number; ticketCreated: boolean }> = {}) => ({
  body,
  channelId: 1,
  ticketCreated: false,
  ...extra,
});

describe('normalizeForMatch', () => {
  it('ignores case, accents, punctuation and repeated spaces', () => {
    expect(normalizeForMatch('  Preço?  ÁGUA!!  ')).toBe('preco agua');
    expect(normalizeForMatch('Olá, tudo bem?')).toBe('ola tudo bem');
    expect(normalizeForMatch('...')).toBe('');
  });
});

describe('matchAutoReply', () => {
  const price = rule(1, { keywords: ['preço', 'valor'] });
  const hello = rule(2, { matchMode: 'contains', keywords: ['oi'] });
  const first = rule(3, { trigger: 'firstMessage' });

  it('exact: the whole message is a keyword, case- and accent-insensitively', () => {
    expect(matchAutoReply([price], message('PRECO'))?.id).toBe(1);
    expect(matchAutoReply([price], message('Valor?'))?.id).toBe(1);
    expect(matchAutoReply([price], message('qual o preço'))).toBeUndefined();
  });

  it('contains: a keyword as whole words inside the message', () => {
    expect(matchAutoReply([hello], message('Oi, tudo bem?'))?.id).toBe(2);
    expect(matchAutoReply([hello], message('bom dia, OI'))?.id).toBe(2);
    expect(matchAutoReply([hello], message('boicote'))).toBeUndefined();
    const phrase = rule(4, { matchMode: 'contains', keywords: ['segunda via'] });
    expect(matchAutoReply([phrase], message('quero a Segunda-Via do boleto'))?.id).toBe(4);
  });

  it('first message: only the message that opened the ticket', () => {
    expect(matchAutoReply([first], message('qualquer coisa', { ticketCreated: true }))?.id).toBe(3);
    expect(matchAutoReply([first], message('qualquer coisa'))).toBeUndefined();
  });

  it('the most specific rule wins: exact, then contains, then first message; ties go to the oldest', () => {
    const all = [first, hello, price, rule(5, { keywords: ['preco'] })];
    expect(matchAutoReply(all, message('preço', { ticketCreated: true }))?.id).toBe(1);
    expect(matchAutoReply(all, message('oi', { ticketCreated: true }))?.id).toBe(2);
    expect(matchAutoReply(all, message('bom dia', { ticketCreated: true }))?.id).toBe(3);
  });

  it('inactive rules and rules of another channel are ignored', () => {
    expect(matchAutoReply([{ ...price, active: false }], message('preço'))).toBeUndefined();
    expect(matchAutoReply([{ ...price, channelId: 2 }], message('preço'))).toBeUndefined();
    expect(matchAutoReply([{ ...price, channelId: 2 }], message('preço', { channelId: 2 }))?.id).toBe(1);
  });

  it('a keyword of punctuation only never matches', () => {
    expect(matchAutoReply([rule(6, { keywords: ['?!'] })], message('?!'))).toBeUndefined();
    expect(matchAutoReply([rule(6, { keywords: ['?!'], matchMode: 'contains' })], message('oi ?!'))).toBeUndefined();
  });
});
