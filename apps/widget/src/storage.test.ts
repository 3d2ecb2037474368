import { describe, expect, it } from 'vitest';
import { SessionStore, uuid } from './storage';

describe("the visitor's stored session", () => {
  it('survives a reload with its unsent messages, per channel', () => {
    const store = new SessionStore('chan-1');
    store.save({
      visitorId: 'v1',
      token: 't1',
      name: 'Maria',
      outbox: [{ clientId: 'c1', body: 'Olá', createdAt: '2026-11-25T10:00:00Z' }],
    });
    const reloaded = new SessionStore('chan-1').load();
    expect(reloaded).toMatchObject({ visitorId: 'v1', token: 't1', name: 'Maria' });
    expect(reloaded?.outbox).toEqual([{ clientId: 'c1', body: 'Olá', createdAt: '2026-11-25T10:00:00Z' }]);
    expect(new SessionStore('chan-2').load()).toBeNull();
  });

  it('drops malformed outbox items and refuses a stored value without a token', () => {
    localStorage.setItem(
      'conversa.webchat.c',
      JSON.stringify({ visitorId: 'v', token: 't', outbox: [{ body: 1 }, { clientId: 'x', body: 'ok', createdAt: 'd' }] }),
    );
    expect(new SessionStore('c').load()?.outbox).toEqual([{ clientId: 'x', body: 'ok', createdAt: 'd' }]);
    localStorage.setItem('conversa.webchat.c', JSON.stringify({ visitorId: 'v' }));
    expect(new SessionStore('c').load()).toBeNull();
  });

  it('makes version-4 UUIDs', () => {
    const ids = new Set(Array.from({ length: 50 }, uuid));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
