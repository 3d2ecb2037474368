import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A Socket.IO client stand-in: the test plays the server's events. */
class FakeSocket {
  active = true;
  readonly handlers = new Map<string, ((...args: unknown[]) => void)[]>();
  on(event: string, handler: (...args: unknown[]) => void) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    return this;
  }
  emit(event: string, ...args: unknown[]) {
    for (const handler of this.handlers.get(event) ?? []) handler(...args);
  }
  connect = vi.fn();
  disconnect = vi.fn();
}
const sockets: FakeSocket[] = [];
const ioOptions: Record<string, unknown>[] = [];
vi.mock('socket.io-client', () => ({
  io: (_url: string, options: Record<string, unknown>) => {
    const socket = new FakeSocket();
    sockets.push(socket);
    ioOptions.push(options);
    return socket;
  },
}));

const { Widget } = await import('./widget');

const BASE = 'https://conversa.example';
const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

/** The server's side of the HTTP calls; POST /webchat/messages answers what `answers` says, in turn. */
function serve(answers: (() => Response)[]) {
  const posts: number[] = [];
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const path = url.slice(BASE.length);
    if (path.endsWith('/config')) return json(200, { title: 'Suporte', welcomeMessage: 'Olá!', color: '#0b7' });
    if (path.startsWith('/webchat/messages') && (init?.method ?? 'GET') === 'GET') return json(200, { messages: [], hasMore: false });
    if (path === '/webchat/messages') {
      posts.push(Date.now());
      const body = JSON.parse(init?.body as string) as { clientId: string; body: string };
      const answer = answers.shift();
      if (answer) return answer();
      const now = new Date().toISOString();
      return json(201, {
        id: `m-${body.clientId}`,
        clientId: body.clientId,
        from: 'visitor',
        body: body.body,
        mediaType: null,
        mediaName: null,
        mediaUrl: null,
        status: 'received',
        edited: false,
        deleted: false,
        createdAt: now,
        updatedAt: now,
      });
    }
    return json(404, { error: 'ERR_ROUTE_NOT_FOUND', message: 'not found' });
  });
  vi.stubGlobal('fetch', fetch);
  return posts;
}

/** A returning visitor with one unsent message: mounting connects, and the connection flushes the outbox. */
async function mountWithUnsentMessage() {
  localStorage.setItem(
    'conversa.webchat.chan',
    JSON.stringify({
      visitorId: 'v1',
      token: 't1',
      name: 'Maria',
      outbox: [{ clientId: 'c1', body: 'Meu pedido não chegou', createdAt: new Date().toISOString() }],
    }),
  );
  await new Widget({ base: BASE, channel: 'chan', locale: 'pt' }).mount();
  sockets.at(-1)!.emit('connect');
  await vi.advanceTimersByTimeAsync(0);
}

const unavailable = () => json(503, { error: 'ERR_SERVICE_UNAVAILABLE', message: 'restarting' }, { 'retry-after': '2' });

describe("the widget's retries after a server restart", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    sockets.length = 0;
    ioOptions.length = 0;
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
  });

  it('resends an unsent message after waits that grow (doubling) up to a cap, then sends it once the server is back', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5); // the middle of each jitter window
    const posts = serve(Array.from({ length: 7 }, () => unavailable));
    await mountWithUnsentMessage();
    await vi.advanceTimersByTimeAsync(120_000);
    const waits = posts.slice(1).map((at, i) => at - posts[i]);
    expect(waits).toEqual([500, 1_000, 2_000, 4_000, 8_000, 15_000, 15_000]);
    expect(posts).toHaveLength(8); // the eighth was accepted: nothing more to send
    expect(JSON.parse(localStorage.getItem('conversa.webchat.chan')!).outbox).toEqual([]);
  });

  it('spreads the first retry of many widgets over the whole window instead of the same second', async () => {
    const firstRetries: number[] = [];
    for (let i = 0; i < 40; i++) {
      const posts = serve([unavailable]);
      await mountWithUnsentMessage();
      await vi.advanceTimersByTimeAsync(1_000);
      expect(posts).toHaveLength(2);
      firstRetries.push(posts[1] - posts[0]);
      document.body.innerHTML = '';
      vi.unstubAllGlobals();
    }
    expect(Math.max(...firstRetries)).toBeLessThan(1_000);
    // Uniform over [0, 1 s): the 40 widgets are not bunched (a fixed delay would give one value).
    expect(new Set(firstRetries.map((ms) => Math.floor(ms / 250))).size).toBeGreaterThanOrEqual(3);
    expect(Math.max(...firstRetries) - Math.min(...firstRetries)).toBeGreaterThan(500);
  });

  it('waits out the rate-limit window (with jitter) after ERR_LIMIT_MAX', async () => {
    const posts = serve([() => json(429, { error: 'ERR_LIMIT_MAX', message: 'too many' })]);
    await mountWithUnsentMessage();
    await vi.advanceTimersByTimeAsync(59_000);
    expect(posts).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(31_000);
    expect(posts).toHaveLength(2);
  });

  it('reconnects its socket with full-jitter backoff (Socket.IO randomization 1, growing to 30 s)', async () => {
    serve([]);
    await mountWithUnsentMessage();
    expect(ioOptions[0]).toMatchObject({ reconnectionDelay: 1_000, reconnectionDelayMax: 30_000, randomizationFactor: 1 });
    // A disconnection by the server is retried by the widget itself, after a jittered, growing wait.
    vi.spyOn(Math, 'random').mockReturnValue(0.999);
    const socket = sockets[0];
    for (const expected of [999, 1_998, 3_996]) {
      socket.connect.mockClear();
      socket.emit('disconnect', 'io server disconnect');
      await vi.advanceTimersByTimeAsync(expected - 1);
      expect(socket.connect).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(socket.connect).toHaveBeenCalledTimes(1);
    }
  });

  it("shows an agent's reply once when the server delivers it again after a crash (same message id)", async () => {
    serve([]);
    await mountWithUnsentMessage();
    const reply = {
      id: 'm-agent-1',
      clientId: null,
      from: 'agent',
      body: 'Vou verificar',
      mediaType: null,
      mediaName: null,
      mediaUrl: null,
      status: 'sent',
      edited: false,
      deleted: false,
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
    };
    sockets[0].emit('message', reply);
    sockets[0].emit('message', { ...reply }); // the send job ran again after its process died
    const shown = [...document.querySelector('[data-conversa-webchat]')!.shadowRoot!.querySelectorAll('.msg.agent[data-key]')];
    expect(shown.filter((bubble) => bubble.textContent?.includes('Vou verificar'))).toHaveLength(1);
  });
});
