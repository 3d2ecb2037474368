/**
 * Templates and interactive messages of the WABA adapter (sendWabaTemplate, sendWabaInteractive):
 * zod-validated input with SPEC §5's limits (text 1–60, button text ≤ 20, unique values, list ≤ 5
 * sections) and Meta's (≤ 3 buttons, ≤ 10 rows), sent in the documented shape to the simulator.
 */
import { randomBytes } from 'node:crypto';
import { startMetaCloudSimulator, type MetaCloudSimulator } from '@conversa/simulators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../../../app-context.js';
import { AppError } from '../../../../platform/http/app-error.js';
import { createSecretBox } from '../../../../platform/crypto/secret-box.js';
import { createOutboundHttp } from '../../../../platform/http/outbound-http.js';
import type { ChannelRow } from '../../channels.repository.js';
import { sendWabaInteractive, sendWabaTemplate } from './waba.adapter.js';
import type { WabaInteractiveInput } from './waba.schemas.js';

let sim: MetaCloudSimulator;
let channel: ChannelRow;
/** Sending needs only the HTTP client: no database here. */
const ctx = {
  http: createOutboundHttp({ allowPrivateNetworks: true }),
  secretBox: createSecretBox(randomBytes(32)),
} as unknown as AppContext;
const TO = '5511987654321';

beforeAll(async () => {
  sim = await startMetaCloudSimulator({ templates: ['order_update'] });
  channel = {
    id: 1,
    tenantId: 1,
    type: 'waba',
    settings: {
      phoneNumberId: sim.phoneNumberId,
      token: sim.token,
      appSecret: sim.appSecret,
      verifyToken: 'verify-me-please',
      baseUrl: sim.url,
    },
  } as unknown as ChannelRow;
});
afterAll(() => sim?.close());

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

const lastPayload = () => sim.sent.at(-1)!.payload;

describe('templates', () => {
  it('sends name, language and body parameters as the Cloud API documents them', async () => {
    const { externalId } = await sendWabaTemplate(ctx, channel, {
      to: `+${TO}`,
      name: 'order_update',
      language: 'pt_BR',
      components: [
        {
          type: 'body',
          parameters: [
            { type: 'text', text: 'Ana' },
            { type: 'text', text: '#123' },
          ],
        },
      ],
    });
    expect(externalId).toMatch(/^wamid\./);
    expect(lastPayload()).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: TO,
      type: 'template',
      template: {
        name: 'order_update',
        language: { code: 'pt_BR' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Ana' },
              { type: 'text', text: '#123' },
            ],
          },
        ],
      },
    });
    await sendWabaTemplate(ctx, channel, { to: TO, name: 'order_update', language: 'en' });
    expect(lastPayload().template).toEqual({ name: 'order_update', language: { code: 'en' } });
  });

  it('refuses a bad name, language, parameter or duplicated component with ERR_VALIDATION, and a bad number with ERR_WAPP_INVALID_CONTACT, before any call', async () => {
    const before = sim.requests.length;
    const cases: [Parameters<typeof sendWabaTemplate>[2], string][] = [
      [{ to: TO, name: 'Order Update', language: 'pt_BR' }, 'name'],
      [{ to: TO, name: 'order_update', language: 'portuguese' }, 'language'],
      [
        { to: TO, name: 'order_update', language: 'pt_BR', components: [{ type: 'body', parameters: [{ type: 'text', text: '' }] }] },
        'components.0.parameters.0.text',
      ],
      [
        {
          to: TO,
          name: 'order_update',
          language: 'pt_BR',
          components: [
            { type: 'body', parameters: [{ type: 'text', text: 'a' }] },
            { type: 'body', parameters: [{ type: 'text', text: 'b' }] },
          ],
        },
        'components',
      ],
    ];
    for (const [input, field] of cases) {
      const error = await refusal(sendWabaTemplate(ctx, channel, input));
      expect(error.code).toBe('ERR_VALIDATION');
      expect(Object.keys(error.fields ?? {})).toContain(field);
    }
    expect((await refusal(sendWabaTemplate(ctx, channel, { to: '11987654321', name: 'order_update', language: 'pt_BR' }))).code).toBe(
      'ERR_WAPP_INVALID_CONTACT',
    );
    expect(sim.requests.length).toBe(before);
  });

  it('a template Meta does not know (132001) is a permanent ERR_SENDING_WAPP_MSG', async () => {
    const error = await refusal(sendWabaTemplate(ctx, channel, { to: TO, name: 'not_approved', language: 'pt_BR' }));
    expect(error).toMatchObject({ code: 'ERR_SENDING_WAPP_MSG', message: expect.stringMatching(/132001/) });
  });
});

describe('interactive messages', () => {
  it('sends up to 3 reply buttons, with header, footer and a quoted message', async () => {
    const { externalId } = await sendWabaInteractive(ctx, channel, {
      type: 'button',
      to: TO,
      header: 'Pedido #123',
      text: 'Confirma a entrega amanhã?',
      footer: 'Loja Exemplo',
      buttons: [
        { id: 'yes', title: 'Sim' },
        { id: 'no', title: 'Não' },
        { id: 'later', title: 'Falar com atendente' },
      ],
      quotedExternalId: 'wamid.QUOTED',
    });
    expect(externalId).toMatch(/^wamid\./);
    expect(lastPayload()).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: TO,
      context: { message_id: 'wamid.QUOTED' },
      type: 'interactive',
      interactive: {
        type: 'button',
        header: { type: 'text', text: 'Pedido #123' },
        body: { text: 'Confirma a entrega amanhã?' },
        footer: { text: 'Loja Exemplo' },
        action: {
          buttons: [
            { type: 'reply', reply: { id: 'yes', title: 'Sim' } },
            { type: 'reply', reply: { id: 'no', title: 'Não' } },
            { type: 'reply', reply: { id: 'later', title: 'Falar com atendente' } },
          ],
        },
      },
    });
  });

  it('sends a list of up to 5 sections', async () => {
    const sections = Array.from({ length: 5 }, (_, s) => ({
      title: `Seção ${s + 1}`,
      rows: [
        { id: `r${s}a`, title: `Opção ${s}A` },
        { id: `r${s}b`, title: `Opção ${s}B`, description: 'detalhe' },
      ],
    }));
    await sendWabaInteractive(ctx, channel, { type: 'list', to: TO, text: 'Escolha o horário', button: 'Ver horários', sections });
    expect(lastPayload().interactive).toEqual({
      type: 'list',
      body: { text: 'Escolha o horário' },
      action: { button: 'Ver horários', sections },
    });
  });

  it('accepts the limits exactly: text of 60, button titles of 20', async () => {
    await sendWabaInteractive(ctx, channel, {
      type: 'button',
      to: TO,
      text: 'x'.repeat(60),
      buttons: [{ id: 'a', title: 't'.repeat(20) }],
    });
    expect(lastPayload().interactive).toMatchObject({ body: { text: 'x'.repeat(60) } });
  });

  const buttons = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `b${i}`, title: `Botão ${i}` }));
  const rows = (n: number, prefix = 'r') => Array.from({ length: n }, (_, i) => ({ id: `${prefix}${i}`, title: `Linha ${i}` }));
  const refused: [string, WabaInteractiveInput, string][] = [
    ['empty text', { type: 'button', to: TO, text: ' ', buttons: buttons(1) }, 'text'],
    ['text over 60', { type: 'button', to: TO, text: 'x'.repeat(61), buttons: buttons(1) }, 'text'],
    ['no buttons', { type: 'button', to: TO, text: 'oi', buttons: [] }, 'buttons'],
    ['4 buttons', { type: 'button', to: TO, text: 'oi', buttons: buttons(4) }, 'buttons'],
    ['button title over 20', { type: 'button', to: TO, text: 'oi', buttons: [{ id: 'a', title: 't'.repeat(21) }] }, 'buttons.0.title'],
    [
      'repeated button values',
      {
        type: 'button',
        to: TO,
        text: 'oi',
        buttons: [
          { id: 'a', title: 'Um' },
          { id: 'a', title: 'Dois' },
        ],
      },
      'buttons',
    ],
    [
      'repeated button titles',
      {
        type: 'button',
        to: TO,
        text: 'oi',
        buttons: [
          { id: 'a', title: 'Sim' },
          { id: 'b', title: 'sim' },
        ],
      },
      'buttons',
    ],
    [
      '6 sections',
      {
        type: 'list',
        to: TO,
        text: 'oi',
        button: 'Ver',
        sections: Array.from({ length: 6 }, (_, i) => ({ title: `S${i}`, rows: rows(1, `s${i}-`) })),
      },
      'sections',
    ],
    [
      '11 rows',
      {
        type: 'list',
        to: TO,
        text: 'oi',
        button: 'Ver',
        sections: [
          { title: 'A', rows: rows(6, 'a') },
          { title: 'B', rows: rows(5, 'b') },
        ],
      },
      'sections',
    ],
    [
      'repeated row values',
      {
        type: 'list',
        to: TO,
        text: 'oi',
        button: 'Ver',
        sections: [
          { title: 'A', rows: rows(2) },
          { title: 'B', rows: rows(1) },
        ],
      },
      'sections',
    ],
    [
      'untitled sections',
      { type: 'list', to: TO, text: 'oi', button: 'Ver', sections: [{ rows: rows(1, 'a') }, { rows: rows(1, 'b') }] },
      'sections',
    ],
    ['list button over 20', { type: 'list', to: TO, text: 'oi', button: 'b'.repeat(21), sections: [{ rows: rows(1) }] }, 'button'],
    [
      'row title over 24',
      { type: 'list', to: TO, text: 'oi', button: 'Ver', sections: [{ rows: [{ id: 'a', title: 'r'.repeat(25) }] }] },
      'sections.0.rows.0.title',
    ],
  ];

  it.each(refused)('refuses %s with ERR_VALIDATION naming the field, before any call', async (_name, input, field) => {
    const before = sim.requests.length;
    const error = await refusal(sendWabaInteractive(ctx, channel, input));
    expect(error.code).toBe('ERR_VALIDATION');
    expect(Object.keys(error.fields ?? {})).toContain(field);
    expect(sim.requests.length).toBe(before);
  });

  it('refuses a recipient without its country code with ERR_WAPP_INVALID_CONTACT', async () => {
    const error = await refusal(sendWabaInteractive(ctx, channel, { type: 'button', to: '011987654321', text: 'oi', buttons: buttons(1) }));
    expect(error.code).toBe('ERR_WAPP_INVALID_CONTACT');
  });
});
