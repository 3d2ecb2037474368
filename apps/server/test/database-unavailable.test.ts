/**
 * While PostgreSQL is unreachable (restarting, connections cut) the API answers 503
 * ERR_SERVICE_UNAVAILABLE with Retry-After, never a 500; once it is back, requests succeed again
 * without restarting the server. The server's pool goes through a TCP proxy that the test stops
 * (connection refused) and whose connections it cuts mid-request (connection terminated), and the
 * test database's backends are terminated as an administrator would (pg_terminate_backend).
 * PostgreSQL only: PGlite runs inside the server process and cannot become unreachable.
 */
import { once } from 'node:events';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from './api.js';
import { TEST_DATABASE_URL, withAdminClient } from './databases.js';
import { openTestDatabase, startTestServer, type TestServer } from './harness.js';
import { buildInboxTenant, type InboxTenant } from './inbox.js';

/** A TCP proxy to PostgreSQL that can be stopped, started again on the same port, cut, and hold answers back. */
class PgProxy {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  port = 0;
  private hold: { marker: string; count: number; resolve: () => void } | undefined;
  /** The connections whose answers are held back, with what they hold. */
  private readonly held = new Map<Socket, Buffer[]>();

  /**
   * From now on the database's answers to statements naming `marker` are held back, not delivered,
   * until `release` (or until the connection goes); resolves once `count` connections hold one:
   * those requests are then in flight, and stay so whatever the machine's load. Only the test's
   * requests' statements are held: the server's own background queries (jobs, the event relay) run on.
   */
  holdReplies(marker: string, count: number): Promise<void> {
    return new Promise((resolve) => (this.hold = { marker, count, resolve }));
  }

  /** Holds no more answers, and resolves once every connection holding one has closed. */
  async heldClosed(): Promise<void> {
    this.hold = undefined;
    await Promise.all([...this.held.keys()].map((client) => once(client, 'close')));
  }

  /** Stops holding and delivers what was held on the connections still open. */
  release(): void {
    this.hold = undefined;
    for (const [client, chunks] of this.held) if (client.writable) for (const chunk of chunks) client.write(chunk);
    this.held.clear();
  }

  constructor(private readonly target: { host: string; port: number }) {}

  async start(): Promise<void> {
    this.server = createServer((client) => {
      const upstream = connect(this.target.port, this.target.host);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => undefined);
      }
      // What the server last sent on this connection (a statement's text or its prepared name).
      let lastSent = '';
      client.on('data', (chunk: Buffer) => {
        lastSent = chunk.toString('latin1');
        upstream.write(chunk);
      });
      upstream.on('data', (chunk: Buffer) => {
        const holding = this.held.get(client);
        if (holding) return void holding.push(chunk);
        const hold = this.hold;
        if (!hold || !lastSent.includes(hold.marker)) return void client.write(chunk);
        this.held.set(client, [chunk]);
        if (this.held.size === hold.count) hold.resolve();
      });
      client.on('close', () => {
        this.held.delete(client);
        upstream.destroy();
      });
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
    const address = this.server.address();
    this.port = typeof address === 'object' && address ? address.port : 0;
  }

  /** Drops every open connection (the server sees them terminated), and with them what they held. */
  cut(): void {
    for (const socket of this.sockets) socket.destroy();
    this.release();
  }

  /** Stops listening (new connections are refused) and drops the open ones. */
  async stop(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server?.close(() => resolve()));
    this.cut();
    await closed;
  }
}

describe.runIf(TEST_DATABASE_URL)('the database unreachable', () => {
  let server: TestServer;
  let proxy: PgProxy;
  let inbox: InboxTenant;
  let api: Api;
  let databaseName: string;
  let dropDatabase: () => Promise<void>;

  beforeAll(async () => {
    const created = await openTestDatabase();
    await created.database.close();
    dropDatabase = created.drop;
    const url = new URL(created.url!);
    databaseName = url.pathname.slice(1);
    proxy = new PgProxy({ host: url.hostname, port: Number(url.port || 5432) });
    await proxy.start();
    url.host = `127.0.0.1:${proxy.port}`;
    server = await startTestServer({}, { joinDatabaseOf: { databaseUrl: url.toString() } as TestServer });
    api = new Api(server.url);
    inbox = await buildInboxTenant(server);
  });
  afterAll(async () => {
    await server?.close();
    await proxy?.stop();
    await dropDatabase?.();
  });

  /** The statement every authenticated request starts with (a prepared statement's name). */
  const REQUEST_STATEMENT = 'auth_user';
  const listTickets = () => api.get('/tickets', { token: inbox.agent.token });

  const expectUnavailable = (response: { status: number; body: any; headers: Headers }) => {
    expect(response.status).toBe(503);
    expect(response.body).toEqual({ error: 'ERR_SERVICE_UNAVAILABLE', message: expect.stringMatching(/unavailable/) });
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
  };

  it('answers 503 with Retry-After while connections are refused, and serves again once the database is back', async () => {
    expect((await listTickets()).status).toBe(200);
    await proxy.stop();
    const during = await Promise.all([
      listTickets(),
      api.get('/messages/1', { token: inbox.agent.token }),
      api.post('/auth/login/', { email: inbox.agent.email, password: inbox.agent.password }),
    ]);
    for (const response of during) expectUnavailable(response);
    expect((await api.get('/ready')).status).toBe(503);

    await proxy.start(); // same port
    expect((await listTickets()).status).toBe(200);
    expect((await api.get('/ready')).status).toBe(200);
  });

  it('answers 503, never 500, for requests whose connections are cut mid-query', async () => {
    const held = proxy.holdReplies(REQUEST_STATEMENT, 4);
    const inFlight = Array.from({ length: 8 }, () => listTickets());
    await held;
    proxy.cut(); // the requests not yet at the database when their connections went run on new ones
    const answers = await Promise.all(inFlight);
    for (const response of answers) {
      expect(response.status, JSON.stringify(response.body)).not.toBe(500);
      if (response.status !== 200) expectUnavailable(response);
    }
    // At least the four requests whose answers were held when their connections went.
    expect(answers.filter((response) => response.status === 503).length).toBeGreaterThanOrEqual(4);
    expect((await listTickets()).status).toBe(200);
  });

  it("answers 503, never 500, when an administrator terminates the server's backends; the next requests succeed", async () => {
    const held = proxy.holdReplies(REQUEST_STATEMENT, 4);
    const inFlight = Array.from({ length: 8 }, () => listTickets());
    await held;
    await withAdminClient((client) =>
      client.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [databaseName]),
    );
    // pg_terminate_backend only signals the backends: their connections close a little later, their answers unsent.
    await proxy.heldClosed();
    proxy.release();
    const answers = await Promise.all(inFlight);
    for (const response of answers) {
      expect(response.status, JSON.stringify(response.body)).not.toBe(500);
      if (response.status !== 200) expectUnavailable(response);
    }
    expect(answers.filter((response) => response.status === 503).length).toBeGreaterThanOrEqual(4);
    // The pool drops the terminated connections and opens new ones.
    for (let i = 0; i < 3; i++) expect((await listTickets()).status).toBe(200);
  });
});
