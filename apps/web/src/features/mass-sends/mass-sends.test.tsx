import { createMassSendBodySchema, type MassSend, type MassSendRecipient } from '@conversa/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { Navigate, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fetch';
import { errorOf } from '../../test/form';
import { PHONE, setScreenSize } from '../../test/media';
import { renderWithApp } from '../../test/render';
import { signInAs } from '../../test/session';
import { applyMassSendEvent } from './api';
import { MassSendLayout, MassSendTab } from './pages/MassSendLayout';

const NOW = '2025-01-01T10:00:00.000Z';
function massSend(overrides: Partial<MassSend> = {}): MassSend {
  return {
    id: 1,
    kind: 'texto',
    status: 'processing',
    whatsappId: 3,
    channelName: 'WhatsApp Vendas',
    minDelaySeconds: 10,
    maxDelaySeconds: 30,
    message: 'Promoção!',
    media: null,
    sendAsAudio: false,
    template: null,
    userId: 7,
    userName: 'Ana Souza',
    recipientCount: 100,
    processed: 40,
    sent: 35,
    notSent: 5,
    delivered: 30,
    read: 10,
    createdAt: NOW,
    updatedAt: NOW,
    finishedAt: null,
    ...overrides,
  };
}
const CHANNELS = [
  { id: 3, name: 'WhatsApp Vendas', type: 'baileys' },
  { id: 4, name: 'API oficial', type: 'waba' },
];
const TEMPLATES = [
  {
    name: 'boas_vindas',
    language: 'pt_BR',
    category: 'UTILITY',
    body: 'Olá {{1}}, seu cupom é {{2}}.',
    params: 2,
    usable: true,
    reason: null,
  },
  {
    name: 'promo_imagem',
    language: 'pt_BR',
    category: 'MARKETING',
    body: 'Promo {{1}}',
    params: 1,
    usable: false,
    reason: 'Its header is a image file.',
  },
];
const RECIPIENTS: MassSendRecipient[] = [
  { number: '5511999990001', contactId: 7, name: 'Ana', status: 'read', sentAt: NOW, error: null },
  { number: '5511999990002', contactId: 8, name: 'Bruno', status: 'skipped', sentAt: NOW, error: 'Contact blocked.' },
];

function api(extra: Parameters<typeof fakeApi>[0] = {}, list: () => MassSend[] = () => []) {
  return fakeApi({
    ...extra,
    'GET /mass-sends/templates': () => ({ body: TEMPLATES }),
    'GET /mass-sends/:id/recipients': () => ({ body: { recipients: RECIPIENTS, count: 2, hasMore: false } }),
    'GET /mass-sends': () => ({ body: list() }),
    'GET /whatsapp': () => ({ body: CHANNELS }),
    'GET /tags': () => ({ body: [{ id: 5, name: 'VIP', color: '#f00', isActive: true, createdAt: NOW, updatedAt: NOW }] }),
    'GET /contacts': () => ({
      body: { contacts: [{ id: 11, name: 'Carla Dias', number: '5511988887777' }], count: 1, hasMore: false },
    }),
  });
}

function renderMassa(route: string) {
  return renderWithApp(
    <Routes>
      <Route path="/massa" element={<MassSendLayout />}>
        <Route index element={<Navigate to="template" replace />} />
        {['texto', 'textovariavel', 'sms', 'template', 'template-variavel'].map((kind) => (
          <Route key={kind} path={kind} element={<MassSendTab />} />
        ))}
      </Route>
    </Routes>,
    { route },
  );
}

async function pick(user: ReturnType<typeof renderMassa>['user'], testId: string, option: string) {
  await user.click(screen.getByTestId(testId));
  await user.click(await screen.findByRole('option', { name: option, hidden: true }));
}

beforeEach(() => signInAs('user'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/massa', () => {
  it('sms: no connection; the SMS count as the text grows; variables refused before sending; sends the text to the typed numbers', async () => {
    const calls = api({
      'GET /sms/config': () => ({ body: { configured: true } }),
      'POST /mass-sends': ({ body }) => ({
        status: 201,
        body: massSend({ id: 12, ...(body as object), whatsappId: null, channelName: null, recipientCount: 2 }),
      }),
    });
    const { user } = renderMassa('/massa/sms');
    await screen.findByTestId('mass-send-form-sms');
    expect(screen.queryByTestId('mass-send-channel')).toBeNull();
    expect(screen.queryByTestId('mass-send-file')).toBeNull();
    await user.click(screen.getByTestId('mass-send-numbers'));
    await user.paste('11 98765-4321\n21 99876-5432');
    await user.click(screen.getByTestId('mass-send-message'));
    await user.paste('Oi {{firstName}}');
    await user.click(screen.getByTestId('mass-send-submit'));
    await waitFor(() =>
      expect(errorOf(screen.getByTestId('mass-send-message'))).toBe('Um SMS vai exatamente como foi escrito: remova as variáveis.'),
    );
    expect(screen.queryByTestId('confirm-modal')).toBeNull();

    await user.clear(screen.getByTestId('mass-send-message'));
    await user.click(screen.getByTestId('mass-send-message'));
    await user.paste('a'.repeat(161));
    expect(screen.getByTestId('mass-send-sms-counter')).toHaveAttribute('data-segments', '2');
    await user.clear(screen.getByTestId('mass-send-message'));
    await user.click(screen.getByTestId('mass-send-message'));
    await user.paste('Sua entrega chega amanhã.');
    expect(screen.getByTestId('mass-send-sms-counter')).toHaveAttribute('data-segments', '1');
    await user.click(screen.getByTestId('mass-send-submit'));
    const dialog = await screen.findByTestId('confirm-modal');
    await user.click(within(dialog).getByTestId('confirm-button'));
    await waitFor(() => expect(calls.calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.calls.find((c) => c.method === 'POST')!.body).toEqual({
      kind: 'sms',
      minDelaySeconds: 10,
      maxDelaySeconds: 30,
      recipients: { source: 'numbers', numbers: '11 98765-4321\n21 99876-5432' },
      message: 'Sua entrega chega amanhã.',
    });
  });

  it('sms: says so, links to the settings and does not send when the company has no SMS provider', async () => {
    api({ 'GET /sms/config': () => ({ body: { configured: false } }) });
    renderMassa('/massa/sms');
    const alert = await screen.findByTestId('mass-send-sms-missing');
    expect(alert).toHaveTextContent('O envio de SMS ainda não está configurado nesta empresa.');
    expect(within(alert).getByRole('link', { name: 'Configurar SMS' })).toHaveAttribute('href', '/configuracoes/sms');
    expect(screen.getByTestId('mass-send-submit')).toBeDisabled();
  });

  it('opens on the template tab and has a tab for each kind, in SPEC order', async () => {
    api();
    const { user } = renderMassa('/massa');
    expect(await screen.findByTestId('mass-send-form-template')).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Texto',
      'Texto com variáveis',
      'SMS',
      'Template',
      'Template com variáveis',
    ]);
    await user.click(screen.getByTestId('mass-send-tab-texto'));
    expect(await screen.findByTestId('mass-send-form-texto')).toBeInTheDocument();
  });

  it('texto: refuses a missing connection and max ≤ min before sending; asks first with the spam warning; sends the text as written to the typed numbers', async () => {
    const calls = api({
      'POST /mass-sends': ({ body }) => ({ status: 201, body: massSend({ id: 9, ...(body as object), recipientCount: 2 }) }),
    });
    const { user } = renderMassa('/massa/texto');
    await screen.findByTestId('mass-send-form-texto');
    const min = screen.getByTestId('mass-send-min');
    const max = screen.getByTestId('mass-send-max');
    await user.clear(min);
    await user.type(min, '20');
    await user.clear(max);
    await user.type(max, '20');
    await user.click(screen.getByTestId('mass-send-submit'));
    await waitFor(() => expect(errorOf(screen.getByTestId('mass-send-channel'))).toBe('Escolha a conexão.'));
    expect(errorOf(max)).toBe('O máximo de segundos deve ser maior que o mínimo.');
    expect(errorOf(screen.getByTestId('mass-send-message'))).toBe('Escreva uma mensagem ou escolha um arquivo.');
    expect(screen.queryByTestId('confirm-modal')).toBeNull();

    await pick(user, 'mass-send-channel', 'WhatsApp Vendas');
    await user.clear(max);
    await user.type(max, '45');
    await user.click(screen.getByTestId('mass-send-numbers'));
    await user.paste('11 98765-4321\n+55 21 99876-5432\n11987654321');
    await user.click(screen.getByTestId('mass-send-message'));
    await user.paste('Oi {{firstName}}, promoção!');
    await user.click(screen.getByTestId('mass-send-submit'));

    const dialog = await screen.findByTestId('confirm-modal');
    expect(dialog).toHaveTextContent('Destinatários: 2. Pausa entre os envios: de 20 a 45 segundos.');
    expect(within(dialog).getByTestId('mass-send-spam-warning')).toHaveTextContent('(1 de 2 contatos)');
    expect(calls.calls.filter((c) => c.method === 'POST')).toEqual([]);
    await user.click(within(dialog).getByTestId('confirm-button'));
    await waitFor(() => expect(calls.calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    const post = calls.calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({
      kind: 'texto',
      whatsappId: 3,
      minDelaySeconds: 20,
      maxDelaySeconds: 45,
      recipients: { source: 'numbers', numbers: '11 98765-4321\n+55 21 99876-5432\n11987654321' },
      message: 'Oi {{firstName}}, promoção!',
      mediaToken: null,
      sendAsAudio: false,
    });
    expect(createMassSendBodySchema.safeParse(post.body).success).toBe(true);
    await waitFor(() => expect(screen.getByTestId('mass-send-numbers')).toHaveValue(''));
  });

  it('textovariavel: a tag as recipients, the variable picker, and an audio file uploaded first and sent as a voice note', async () => {
    const calls = api({
      'POST /mass-sends/media': () => ({
        status: 201,
        body: { mediaToken: 'sealed-token', name: 'aviso.ogg', mime: 'audio/ogg', size: 3, type: 'audio' },
      }),
      'POST /mass-sends': ({ body }) => ({ status: 201, body: massSend({ id: 9, ...(body as object) }) }),
    });
    const { user } = renderMassa('/massa/textovariavel');
    await screen.findByTestId('mass-send-form-textovariavel');
    await pick(user, 'mass-send-channel', 'API oficial');
    await user.click(screen.getByRole('radio', { name: 'Etiqueta', hidden: true }));
    await pick(user, 'mass-send-tag', 'VIP');
    await user.click(screen.getByTestId('mass-send-message'));
    await user.paste('Olá ');
    await user.click(screen.getByTestId('mass-send-message-variables'));
    await user.click(await screen.findByTestId('mass-send-message-variables-firstName'));
    await waitFor(() => expect(screen.getByTestId('mass-send-message')).toHaveValue('Olá {{firstName}}'));
    const fileInput = screen.getByTestId('mass-send-form-textovariavel').querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(fileInput, new File(['ogg'], 'aviso.ogg', { type: 'audio/ogg' }));
    await user.click(await screen.findByTestId('mass-send-as-audio'));
    await user.click(screen.getByTestId('mass-send-submit'));
    const dialog = await screen.findByTestId('confirm-modal');
    expect(dialog).toHaveTextContent('Todos os contatos da etiqueta vão receber a mensagem.');
    expect(within(dialog).getByTestId('mass-send-spam-warning')).toHaveTextContent(
      'Se 2% dos destinatários denunciarem o número como spam',
    );
    await user.click(within(dialog).getByTestId('confirm-button'));
    await waitFor(() => expect(calls.calls.filter((c) => c.path === '/mass-sends' && c.method === 'POST')).toHaveLength(1));
    const upload = calls.calls.find((c) => c.path === '/mass-sends/media')!;
    expect((upload.body as FormData).get('file')).toBeInstanceOf(File);
    expect(calls.calls.find((c) => c.path === '/mass-sends' && c.method === 'POST')?.body).toMatchObject({
      kind: 'textovariavel',
      whatsappId: 4,
      recipients: { source: 'tag', tagId: 5 },
      message: 'Olá {{firstName}}',
      mediaToken: 'sealed-token',
      sendAsAudio: true,
    });
  });

  it('template-variavel: offers only official API connections, its approved templates with their body, and one value per placeholder', async () => {
    const calls = api({
      'POST /mass-sends': ({ body }) => ({ status: 201, body: massSend({ id: 9, kind: 'template-variavel', ...(body as object) }) }),
    });
    const { user } = renderMassa('/massa/template-variavel');
    await screen.findByTestId('mass-send-form-template-variavel');
    await user.click(screen.getByTestId('mass-send-channel'));
    expect(await screen.findByRole('option', { name: 'API oficial', hidden: true })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'WhatsApp Vendas', hidden: true })).toBeNull();
    await user.click(screen.getByRole('option', { name: 'API oficial', hidden: true }));
    await waitFor(() =>
      expect(calls.calls.some((c) => c.path === '/mass-sends/templates' && c.query.get('whatsappId') === '4')).toBe(true),
    );
    await user.click(screen.getByTestId('mass-send-template'));
    expect(await screen.findByRole('option', { name: 'promo_imagem (pt_BR)', hidden: true })).toHaveAttribute(
      'data-combobox-disabled',
      'true',
    );
    await user.click(screen.getByRole('option', { name: 'boas_vindas (pt_BR)', hidden: true }));
    expect(await screen.findByTestId('mass-send-template-body')).toHaveTextContent('Olá {{1}}, seu cupom é {{2}}.');

    await user.click(screen.getByRole('radio', { name: 'Contatos', hidden: true }));
    await user.click(screen.getByTestId('mass-send-contacts'));
    await user.click(await screen.findByRole('option', { name: 'Carla Dias (5511988887777)', hidden: true }));
    await user.click(screen.getByTestId('mass-send-submit'));
    await waitFor(() => expect(errorOf(screen.getByTestId('mass-send-param-0'))).not.toBeNull());

    await user.click(screen.getByTestId('mass-send-param-0-variables'));
    await user.click(await screen.findByTestId('mass-send-param-0-variables-firstName'));
    await user.click(screen.getByTestId('mass-send-param-1'));
    await user.paste('CUPOM10');
    await user.click(screen.getByTestId('mass-send-submit'));
    const dialog = await screen.findByTestId('confirm-modal');
    expect(dialog).toHaveTextContent('Destinatários: 1.');
    await user.click(within(dialog).getByTestId('confirm-button'));
    await waitFor(() => expect(calls.calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    const body = calls.calls.find((c) => c.method === 'POST')!.body;
    expect(body).toEqual({
      kind: 'template-variavel',
      whatsappId: 4,
      minDelaySeconds: 10,
      maxDelaySeconds: 30,
      recipients: { source: 'contacts', contactIds: [11] },
      template: { name: 'boas_vindas', language: 'pt_BR', params: ['{{firstName}}', 'CUPOM10'] },
    });
    expect(createMassSendBodySchema.safeParse(body).success).toBe(true);
  });

  it('refuses variables in the fixed-values tab, and shows a refusal of the server under the form', async () => {
    api({ 'POST /mass-sends': () => ({ status: 400, body: { error: 'ERR_MASS_SEND_UNKNOWN_TEMPLATE', message: 'x' } }) });
    const { user } = renderMassa('/massa/template');
    await screen.findByTestId('mass-send-form-template');
    await pick(user, 'mass-send-channel', 'API oficial');
    await pick(user, 'mass-send-template', 'boas_vindas (pt_BR)');
    await user.click(screen.getByTestId('mass-send-numbers'));
    await user.paste('11987654321');
    await user.click(screen.getByTestId('mass-send-param-0'));
    await user.paste('Cliente');
    await user.click(screen.getByTestId('mass-send-param-1'));
    await user.paste('{{firstName}}');
    await user.click(screen.getByTestId('mass-send-submit'));
    // The fixed-values tab refuses variables before sending.
    await waitFor(() => expect(errorOf(screen.getByTestId('mass-send-param-1'))).toBe('Variáveis só na aba Template com variáveis.'));
    await user.clear(screen.getByTestId('mass-send-param-1'));
    await user.paste('CUPOM10');
    await user.click(screen.getByTestId('mass-send-submit'));
    await user.click(within(await screen.findByTestId('confirm-modal')).getByTestId('confirm-button'));
    expect(await screen.findByTestId('mass-send-form-error')).toHaveTextContent(
      'A conexão não tem template aprovado com esse nome e idioma.',
    );
  });
});

describe('the list of mass sends', () => {
  it('shows live progress, pauses after a confirmation, and opens the report with its downloads', async () => {
    let current = massSend();
    const calls = api(
      {
        'POST /mass-sends/:id/pause': () => {
          current = massSend({ status: 'paused' });
          return { body: current };
        },
      },
      () => [current],
    );
    const { user, queryClient } = renderMassa('/massa/texto');
    const row = await screen.findByTestId('mass-send-1');
    expect(row).toHaveTextContent('Enviando');
    expect(row).toHaveTextContent('40/100 processados · 35 enviados · 5 não enviados');
    expect(within(row).queryByTestId('mass-send-resume-1')).toBeNull();

    act(() => applyMassSendEvent(queryClient, { action: 'update', massSend: massSend({ processed: 70, sent: 64, notSent: 6 }) }));
    await waitFor(() => expect(screen.getByTestId('mass-send-1')).toHaveTextContent('70/100 processados · 64 enviados · 6 não enviados'));

    await user.click(screen.getByTestId('mass-send-pause-1'));
    const dialog = await screen.findByTestId('confirm-modal');
    expect(dialog).toHaveTextContent('O envio #1 para de mandar mensagens até ser retomado.');
    expect(calls.calls.filter((c) => c.method === 'POST')).toEqual([]);
    await user.click(within(dialog).getByTestId('confirm-button'));
    await waitFor(() => expect(screen.getByTestId('mass-send-status-1')).toHaveTextContent('Pausado'));
    expect(screen.getByTestId('mass-send-resume-1')).toBeInTheDocument();
    expect(calls.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/mass-sends/1/pause']);

    await user.click(screen.getByTestId('mass-send-open-report-1'));
    const report = await screen.findByTestId('mass-send-report-1');
    await waitFor(() => expect(report).toHaveTextContent('5511999990002'));
    expect(report).toHaveTextContent('Ignorado');
    expect(report).toHaveTextContent('Contact blocked.');
    expect(within(report).getByTestId('mass-send-report-csv')).toBeInTheDocument();
    expect(within(report).getByTestId('mass-send-report-xlsx')).toBeInTheDocument();
  });

  it('fits a 390 px wide phone: the list becomes cards', async () => {
    setScreenSize(PHONE);
    api({}, () => [massSend()]);
    renderMassa('/massa/texto');
    expect(await screen.findByTestId('mass-send-1')).toHaveTextContent('Texto #1');
    expect(screen.getByTestId('mass-send-form-texto')).toBeInTheDocument();
  });
});
