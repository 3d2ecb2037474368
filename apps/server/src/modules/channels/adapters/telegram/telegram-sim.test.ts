import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { startTelegramSim, type TelegramSim } from '@conversa/simulators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { telegramUpdateSchema } from './telegram.schemas.js';

// Simulator fidelity: what the Telegram simulator sends and answers has the shape of the Bot API's
// documented samples (packages/simulators/fixtures/telegram, each with its source).

const FIXTURES = fileURLToPath(new URL('../../../../../../../packages/simulators/fixtures/telegram/', import.meta.url));
const fixtures = Object.fromEntries(
  readdirSync(FIXTURES)
    .filter((name) => name.endsWith('.json'))
    .map((name) => [
      name.replace(/\.json$/, ''),
      JSON.parse(readFileSync(`${FIXTURES}${name}`, 'utf8')) as { source: string; note: string; payload: any },
    ]),
);

const kind = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

/** Every field of the documented sample exists in `actual` with the same JSON type, recursively. */
function expectShape(actual: unknown, sample: unknown, path = '$'): void {
  expect(kind(actual), path).toBe(kind(sample));
  if (Array.isArray(sample)) {
    expect((actual as unknown[]).length, `${path} is empty`).toBeGreaterThan(0);
    for (const [i, item] of (actual as unknown[]).entries()) expectShape(item, sample[Math.min(i, sample.length - 1)], `${path}[${i}]`);
  } else if (sample && typeof sample === 'object') {
    for (const [key, value] of Object.entries(sample)) {
      expect(actual as object, `${path} lacks ${key}`).toHaveProperty([key]);
      expectShape((actual as Record<string, unknown>)[key], value, `${path}.${key}`);
    }
  }
}

let sim: TelegramSim;
let receiver: Server;
let receiverUrl: string;
const received: { headers: IncomingHttpHeaders; body: any }[] = [];
const SECRET = 'fidelity-secret-0123456789_abcdef';

const bot = (method: string, params: Record<string, unknown> = {}, token = sim.token) =>
  fetch(`${sim.url}/bot${token}/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(params),
  }).then(async (r) => ({ status: r.status, body: (await r.json()) as any }));

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    request.on('end', () => {
      received.push({ headers: request.headers, body: JSON.parse(text) });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  sim = await startTelegramSim();
  expect(await bot('setWebhook', { url: receiverUrl, secret_token: SECRET, allowed_updates: ['message', 'edited_message'] })).toEqual({
    status: 200,
    body: { ok: true, result: true },
  });
});
afterAll(async () => {
  await sim?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

describe('the fixtures', () => {
  it('name their source in the Bot API documentation, and the adapter reads every documented update', () => {
    expect(Object.keys(fixtures).sort()).toEqual(
      [
        'error-401',
        'error-429',
        'error-chat-not-found',
        'response-getFile',
        'response-sendMessage',
        'update-document',
        'update-edited-text',
        'update-location',
        'update-photo',
        'update-text',
        'update-voice',
      ].sort(),
    );
    for (const [name, fixture] of Object.entries(fixtures)) {
      expect(fixture.source, name).toMatch(/^https:\/\/core\.telegram\.org\/bots\//);
      if (name.startsWith('update-')) expect(telegramUpdateSchema.safeParse(fixture.payload).success, name).toBe(true);
    }
  });
});

describe('webhook updates', () => {
  const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
  const cases = [
    ['update-text', { kind: 'text', text: '/start' }],
    ['update-photo', { kind: 'photo', content: PNG, caption: 'A photo' }],
    [
      'update-document',
      {
        kind: 'document',
        content: Buffer.from('%PDF-1.4\n'),
        fileName: 'invoice.pdf',
        mimeType: 'application/pdf',
        caption: 'The invoice',
      },
    ],
    ['update-voice', { kind: 'voice', content: Buffer.from('OggS') }],
    ['update-location', { kind: 'location', latitude: -23.55052, longitude: -46.633308 }],
    ['update-edited-text', { kind: 'text', text: 'Edited text', messageId: 1365, date: 1441645532, edited: true }],
  ] as const;

  for (const [fixture, input] of cases) {
    it(`${fixture}: POSTed as JSON with the secret header, in the documented shape`, async () => {
      const delivery = await sim.sendUpdate({
        ...input,
        chat: { id: 1111111, type: 'private', first_name: 'Test', last_name: 'Test Lastname', username: 'Test' },
      });
      expect(delivery.status).toBe(200);
      const last = received.at(-1)!;
      expect(last.headers['x-telegram-bot-api-secret-token']).toBe(SECRET);
      expect(last.headers['content-type']).toBe('application/json');
      expect(last.body).toEqual(delivery.update);
      expectShape(last.body, fixtures[fixture].payload);
      expect(telegramUpdateSchema.safeParse(last.body).success).toBe(true);
    });
  }

  it('photo sizes come smallest first and the file of each can be fetched through getFile and /file/bot<token>/<path>', async () => {
    const photo = received.find((r) => r.body.message?.photo)!.body.message.photo as { file_id: string; width: number }[];
    expect(photo[0].width).toBeLessThan(photo[1].width);
    const file = await bot('getFile', { file_id: photo[1].file_id });
    expect(file.status).toBe(200);
    expectShape(file.body, fixtures['response-getFile'].payload);
    const download = await fetch(`${sim.url}/file/bot${sim.token}/${file.body.result.file_path}`);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).length).toBe(file.body.result.file_size);
    expect((await fetch(`${sim.url}/file/botwrong:token/${file.body.result.file_path}`)).status).toBe(401);
  });
});

describe('method answers', () => {
  it('sendMessage answers {ok, result: Message} as documented', async () => {
    const answer = await bot('sendMessage', { chat_id: 1111111, text: 'Hello from the helpdesk' });
    expect(answer.status).toBe(200);
    expectShape(answer.body, fixtures['response-sendMessage'].payload);
    expect(answer.body.result.from.is_bot).toBe(true);
  });

  it('errors: 401 for a wrong token, 400 chat not found, 429 with parameters.retry_after', async () => {
    expect(await bot('getMe', {}, '123:wrong')).toEqual({ status: 401, body: fixtures['error-401'].payload });
    expect(await bot('sendMessage', { chat_id: 999, text: 'x' })).toEqual({ status: 400, body: fixtures['error-chat-not-found'].payload });
    sim.rateLimit(5);
    expect(await bot('sendMessage', { chat_id: 1111111, text: 'x' })).toEqual({ status: 429, body: fixtures['error-429'].payload });
    expect((await bot('sendMessage', { chat_id: 1111111, text: 'x' })).status).toBe(200);
  });

  it('accepts parameters in the query string and urlencoded forms, as the Bot API does', async () => {
    expect((await fetch(`${sim.url}/bot${sim.token}/getMe`)).status).toBe(200);
    const form = await fetch(`${sim.url}/bot${sim.token}/sendMessage`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ chat_id: '1111111', text: 'form' }).toString(),
    });
    expect(((await form.json()) as any).result.text).toBe('form');
    const query = await fetch(`${sim.url}/bot${sim.token}/sendMessage?chat_id=1111111&text=query`);
    expect(((await query.json()) as any).result.text).toBe('query');
  });
});
