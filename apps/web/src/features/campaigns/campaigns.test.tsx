import { createCampaignBodySchema, type Campaign, type CampaignContact } from '@conversa/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fetch';
import { errorOf, expectFieldError, field } from '../../test/form';
import { PHONE, setScreenSize } from '../../test/media';
import { renderWithApp } from '../../test/render';
import { signInAs } from '../../test/session';
import { toDateTimeText } from '../../lib/date-time';
import { applyCampaignEvent } from './api';
import { CampaignPage } from './pages/CampaignPage';
import { CampaignsPage } from './pages/CampaignsPage';
import { watchNotices } from '../../test/notices';

const NOW = '2025-01-01T10:00:00.000Z';
function campaign(overrides: Partial<Campaign> = {}): Campaign {
  return {
    id: 1,
    name: 'Black Friday',
    startAt: new Date(Date.now() + 86_400_000).toISOString(),
    status: 'pending',
    whatsappId: 3,
    queueId: null,
    delaySeconds: 20,
    message1: 'Olá {{name}}!',
    message2: 'Oi {{firstName}}',
    message3: '',
    media: [null, null, null],
    contactCount: 100,
    sent: 0,
    notSent: 0,
    delivered: 0,
    read: 0,
    createdAt: NOW,
    updatedAt: NOW,
    ...overrides,
  };
}
const CONTACTS: CampaignContact[] = [
  { contactId: 7, name: 'Ana', number: '5511999990001', status: 'waiting', messageNumber: null, sentAt: null, error: null },
  { contactId: 8, name: 'Bruno', number: '5511999990002', status: 'failed', messageNumber: 2, sentAt: NOW, error: 'Número inválido' },
];
const CHANNELS = [{ id: 3, name: 'WhatsApp Vendas' }];

/** The detail screen's own calls, plus `extra`. */
function detailApi(current: () => Campaign, extra: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    ...extra,
    'GET /campaigns/:id/contacts': () => ({ body: { contacts: CONTACTS, count: 2, hasMore: false } }),
    'GET /campaigns/:id': () => ({ body: current() }),
    'GET /whatsapp': () => ({ body: CHANNELS }),
    'GET /queue': () => ({ body: [] }),
    'GET /tags': () => ({ body: [{ id: 5, name: 'VIP', color: '#f00', isActive: true, createdAt: NOW, updatedAt: NOW }] }),
  });
}

function renderDetail(id = 1) {
  return renderWithApp(
    <Routes>
      <Route path="/campanhas/:campaignId" element={<CampaignPage />} />
    </Routes>,
    { route: `/campanhas/${id}` },
  );
}

beforeEach(() => signInAs('admin'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/campanhas', () => {
  it('lists the campaigns with status and progress; a processing one cannot be deleted, another after confirmation', async () => {
    const api = fakeApi({
      'GET /campaigns': () => ({
        body: [campaign(), campaign({ id: 2, name: 'Natal', status: 'processing', sent: 40, notSent: 10 })],
      }),
      'DELETE /campaigns/:id': () => ({ status: 204, body: null }),
    });
    const { user } = renderWithApp(<CampaignsPage />);
    const row = await screen.findByTestId('campaign-2');
    expect(row).toHaveTextContent('Natal');
    expect(row).toHaveTextContent('Em andamento');
    expect(row).toHaveTextContent('40 enviadas, 10 não enviadas de 100');
    expect(within(screen.getByTestId('campaign-1')).getByTestId('campaign-status-1')).toHaveTextContent('Pendente');
    expect(screen.queryByTestId('campaign-delete-2')).toBeNull();

    await user.click(screen.getByTestId('campaign-delete-1'));
    const dialog = await screen.findByTestId('confirm-modal');
    expect(dialog).toHaveTextContent('Excluir a campanha Black Friday e o relatório dela?');
    expect(api.calls.filter((c) => c.method === 'DELETE')).toEqual([]);
    await user.click(within(dialog).getByTestId('confirm-button'));
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/campaigns/1']));
  });

  it('creates one: the shared schema refuses a missing name, channel and a malformed or past start before sending; then posts and uploads the file of message 2', async () => {
    const api = fakeApi({
      'GET /campaigns': () => ({ body: [] }),
      'GET /whatsapp': () => ({ body: CHANNELS }),
      'GET /queue': () => ({ body: [{ id: 4, name: 'Vendas' }] }),
      'POST /campaigns': ({ body }) => ({ status: 201, body: campaign({ id: 9, ...(body as object) }) }),
      'PUT /campaigns/:id/media': () => ({ body: campaign({ id: 9 }) }),
    });
    const { user } = renderWithApp(<CampaignsPage />);
    await user.click(await screen.findByTestId('campaigns-new'));
    const start = await screen.findByTestId('campaign-start');
    await user.clear(start);
    await user.click(start);
    await user.paste('3102202510');
    await user.click(screen.getByTestId('campaign-save'));
    await expectFieldError('Nome', 'Este campo é obrigatório.');
    await expectFieldError('Início', 'Informe data e hora no formato dd/mm/aaaa hh:mm.');
    await waitFor(() => expect(errorOf(screen.getByTestId('campaign-channel'))).toBe('Escolha o canal de envio.'));

    await user.clear(start);
    await user.click(start);
    await user.paste('010120200900');
    expect(start).toHaveValue('01/01/2020 09:00');
    await user.click(screen.getByTestId('campaign-save'));
    await expectFieldError('Início', 'A campanha não pode ser agendada no passado.');
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);

    const next = toDateTimeText(new Date(Date.now() + 2 * 86_400_000));
    await user.clear(start);
    await user.click(start);
    await user.paste(next);
    await user.click(field('Nome'));
    await user.paste('Lançamento');
    await user.click(screen.getByTestId('campaign-channel'));
    await user.click(await screen.findByRole('option', { name: 'WhatsApp Vendas', hidden: true }));
    await user.click(screen.getByTestId('campaign-message-1-text'));
    await user.paste('Oi {{firstName}}');
    await user.click(screen.getByTestId('campaign-message-2-text'));
    await user.paste('Novidade!');
    const fileInput = screen.getByTestId('campaign-message-2').querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(fileInput, new File(['png'], 'banner.png', { type: 'image/png' }));
    await user.click(screen.getByTestId('campaign-save'));

    await waitFor(() => expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    const post = api.calls.find((c) => c.method === 'POST');
    expect(post?.body).toMatchObject({
      name: 'Lançamento',
      whatsappId: 3,
      queueId: null,
      delaySeconds: 20,
      message1: 'Oi {{firstName}}',
      message2: 'Novidade!',
      message3: '',
    });
    expect(createCampaignBodySchema.safeParse(post?.body).success).toBe(true);
    const upload = api.calls.find((c) => c.method === 'PUT');
    expect(upload?.path).toBe('/campaigns/9/media');
    expect(upload?.query.get('message')).toBe('2');
    expect((upload?.body as FormData).get('file')).toBeInstanceOf(File);
  });

  it('a file refused right after the campaign was created says so, and saving again edits that campaign instead of creating a second', async () => {
    let uploads = 0;
    const api = fakeApi({
      'GET /campaigns': () => ({ body: [] }),
      'GET /whatsapp': () => ({ body: CHANNELS }),
      'GET /queue': () => ({ body: [] }),
      'POST /campaigns': ({ body }) => ({ status: 201, body: campaign({ id: 9, ...(body as object) }) }),
      'PUT /campaigns/:id': ({ body }) => ({ body: campaign({ id: 9, ...(body as object) }) }),
      'PUT /campaigns/:id/media': () =>
        ++uploads === 1
          ? { status: 413, body: { error: 'ERR_PAYLOAD_TOO_LARGE', message: 'too large' } }
          : { body: campaign({ id: 9, media: [{ url: '/m.png', name: 'banner.png', mime: 'image/png', type: 'image' }, null, null] }) },
    });
    const { user } = renderWithApp(<CampaignsPage />);
    await user.click(await screen.findByTestId('campaigns-new'));
    await screen.findByTestId('campaign-start');
    await user.click(field('Nome'));
    await user.paste('Lançamento');
    await user.click(screen.getByTestId('campaign-channel'));
    await user.click(await screen.findByRole('option', { name: 'WhatsApp Vendas', hidden: true }));
    await user.click(screen.getByTestId('campaign-message-1-text'));
    await user.paste('Oi {{firstName}}');
    const fileInput = screen.getByTestId('campaign-message-1').querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(fileInput, new File(['png'], 'banner.png', { type: 'image/png' }));
    await user.click(screen.getByTestId('campaign-save'));
    expect(await screen.findByText(/A campanha foi criada, mas um arquivo não foi enviado/)).toBeInTheDocument();

    await user.click(screen.getByTestId('campaign-save'));
    await waitFor(() => expect(uploads).toBe(2));
    expect(api.calls.filter((c) => c.method === 'POST' && c.path === '/campaigns')).toHaveLength(1);
    const edit = api.calls.find((c) => c.method === 'PUT' && c.path === '/campaigns/9');
    expect(edit?.body).toMatchObject({ name: 'Lançamento', message1: 'Oi {{firstName}}' });
  });
});

describe('/campanhas/{id}', () => {
  it('starting asks first, with the 2 % spam-risk warning; a refusal of the server is shown in the dialog', async () => {
    const api = detailApi(() => campaign(), {
      'POST /campaigns/:id/start': () => ({
        status: 400,
        body: { error: 'ERR_CAMPAIGN_NO_CONTACTS', message: 'campaign needs linked contacts' },
      }),
    });
    const { user } = renderDetail();
    await user.click(await screen.findByTestId('campaign-start-button'));
    const dialog = await screen.findByTestId('confirm-modal');
    expect(dialog).toHaveTextContent('A campanha Black Friday será enviada a 100 contatos');
    expect(within(dialog).getByTestId('campaign-spam-warning')).toHaveTextContent(
      'Se 2% dos destinatários denunciarem o número como spam (2 de 100 contatos), o WhatsApp pode bani-lo.',
    );
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);
    await user.click(within(dialog).getByTestId('confirm-button'));
    expect(await within(dialog).findByTestId('campaign-action-error')).toHaveTextContent('A campanha precisa de contatos vinculados.');
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/campaigns/1/start']);
  });

  it('a scheduled campaign is started: its status and buttons follow; it is read-only and can be canceled', async () => {
    let current = campaign();
    const api = detailApi(() => current, {
      'POST /campaigns/:id/start': () => {
        current = campaign({ status: 'scheduled' });
        return { body: current };
      },
    });
    const { user } = renderDetail();
    expect(await screen.findByTestId('campaign-link')).toBeInTheDocument();
    await user.click(screen.getByTestId('campaign-start-button'));
    await user.click(within(await screen.findByTestId('confirm-modal')).getByTestId('confirm-button'));
    await waitFor(() => expect(screen.getByTestId('campaign-status')).toHaveTextContent('Agendada'));
    expect(screen.queryByTestId('campaign-start-button')).toBeNull();
    expect(screen.getByTestId('campaign-cancel-button')).toBeEnabled();
    expect(screen.getByTestId('campaign-readonly-hint')).toBeInTheDocument();
    expect(screen.queryByTestId('campaign-save')).toBeNull();
    expect(screen.queryByTestId('campaign-link')).toBeNull();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('a processing campaign says it cannot be canceled but can be paused; the server refusing a pause is shown', async () => {
    const api = detailApi(() => campaign({ status: 'processing' }), {
      'POST /campaigns/:id/pause': () => ({ status: 409, body: { error: 'ERR_CAMPAIGN_STATUS', message: 'no' } }),
    });
    const { user } = renderDetail();
    expect(await screen.findByTestId('campaign-processing-hint')).toHaveTextContent(
      'Uma campanha em andamento não pode ser cancelada, mas pode ser pausada.',
    );
    expect(screen.getByTestId('campaign-cancel-button')).toBeDisabled();
    await user.click(screen.getByTestId('campaign-pause-button'));
    const dialog = await screen.findByTestId('confirm-modal');
    await user.click(within(dialog).getByTestId('confirm-button'));
    expect(await within(dialog).findByTestId('campaign-action-error')).toHaveTextContent(
      'A campanha não permite esta ação no status atual.',
    );
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/campaigns/1/pause']);
  });

  it('a paused campaign can be resumed (with the warning) or canceled', async () => {
    let current = campaign({ status: 'paused', sent: 30 });
    const api = detailApi(() => current, {
      'POST /campaigns/:id/cancel': () => {
        current = campaign({ status: 'canceled', sent: 30 });
        return { body: current };
      },
    });
    const { user } = renderDetail();
    await user.click(await screen.findByTestId('campaign-resume-button'));
    expect(within(await screen.findByTestId('confirm-modal')).getByTestId('campaign-spam-warning')).toBeInTheDocument();
    await user.click(within(screen.getByTestId('confirm-modal')).getByText('Cancelar'));
    await user.click(screen.getByTestId('campaign-cancel-button'));
    await waitFor(() => expect(screen.getByTestId('confirm-modal')).toHaveTextContent('Cancelar a campanha Black Friday?'));
    await user.click(within(screen.getByTestId('confirm-modal')).getByTestId('confirm-button'));
    await waitFor(() => expect(screen.getByTestId('campaign-status')).toHaveTextContent('Cancelada'));
    expect(screen.getByTestId('campaign-start-button')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/campaigns/1/cancel']);
  });

  it('shows the live progress of the socket event `campaign` and the report per contact with its export', async () => {
    const api = detailApi(() => campaign({ status: 'processing', sent: 10 }), {
      'GET /campaigns/:id/report': () => ({ body: 'Nome;Número' }),
    });
    const createObjectURL = vi.fn(() => 'blob:report');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const { user, queryClient } = renderDetail();
    expect(await screen.findByTestId('campaign-count-sent')).toHaveTextContent('Enviadas: 10');
    expect(await screen.findByTestId('campaign-contact-8')).toHaveTextContent('Número inválido');
    expect(screen.getByTestId('campaign-contact-status-8')).toHaveTextContent('Falhou');
    const contactLoads = () => api.calls.filter((c) => c.path === '/campaigns/1/contacts').length;
    const before = contactLoads();

    act(() =>
      applyCampaignEvent(queryClient, {
        action: 'update',
        campaign: campaign({ status: 'processing', sent: 60, notSent: 2, delivered: 40 }),
      }),
    );
    await waitFor(() => expect(screen.getByTestId('campaign-count-sent')).toHaveTextContent('Enviadas: 60'));
    expect(screen.getByTestId('campaign-count-delivered')).toHaveTextContent('Entregues: 40');
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '62');
    await waitFor(() => expect(contactLoads()).toBeGreaterThan(before));

    act(() => applyCampaignEvent(queryClient, { action: 'update', campaign: campaign({ status: 'finished', sent: 98, notSent: 2 }) }));
    await waitFor(() => expect(screen.getByTestId('campaign-status')).toHaveTextContent('Finalizada'));
    expect(screen.queryByTestId('campaign-pause-button')).toBeNull();

    await user.click(screen.getByTestId('campaign-report-xlsx'));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    const report = api.calls.find((c) => c.path === '/campaigns/1/report');
    expect(report?.query.get('format')).toBe('xlsx');
  });

  it('links contacts by tags, and by a file', async () => {
    const notices = watchNotices();
    const api = detailApi(() => campaign(), {
      'POST /campaigns/:id/contacts/file': () => ({ body: { added: 3, contactCount: 103, rows: 3 } }),
      'POST /campaigns/:id/contacts': () => ({ body: { added: 12, contactCount: 112 } }),
    });
    const { user } = renderDetail();
    await user.click(within(await screen.findByTestId('campaign-link')).getByLabelText('Etiquetas'));
    await user.click(await screen.findByRole('option', { name: 'VIP', hidden: true }));
    await user.click(screen.getByTestId('campaign-link-filter'));
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === '/campaigns/1/contacts' && c.method === 'POST')?.body).toEqual({ tagIds: [5] }),
    );
    await notices.shown('Contatos vinculados: 12 (total: 112).');

    const input = screen.getByTestId('campaign-link').querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['Nome;Número'], 'lista.csv', { type: 'text/csv' }));
    await user.click(screen.getByTestId('campaign-link-file-button'));
    await waitFor(() => expect(api.calls.some((c) => c.path === '/campaigns/1/contacts/file')).toBe(true));
  });

  it("a file's rows that were not linked are counted with their reasons; no tag and no search links everyone only once confirmed", async () => {
    const notices = watchNotices();
    const api = detailApi(() => campaign(), {
      'POST /campaigns/:id/contacts/file': () => ({
        body: { added: 4, contactCount: 104, rows: 7, rejected: { number: 2, numberMissing: 1 } },
      }),
      'POST /campaigns/:id/contacts': () => ({ body: { added: 50, contactCount: 150 } }),
    });
    const { user } = renderDetail();
    const input = (await screen.findByTestId('campaign-link')).querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['Nome;Número'], 'lista.csv', { type: 'text/csv' }));
    await user.click(screen.getByTestId('campaign-link-file-button'));
    await notices.shown('Contatos vinculados: 4 (total: 104).');
    expect(
      await screen.findByText(
        '3 linhas do arquivo não foram vinculadas: 2 × Número inválido: confira os dígitos e o código do país (ex.: +55 11 98765-4321). 1 × Número em branco.',
      ),
    ).toBeInTheDocument();

    await user.click(screen.getByTestId('campaign-link-filter'));
    const dialog = await screen.findByTestId('confirm-modal');
    expect(dialog).toHaveTextContent('todos os contatos da empresa serão vinculados a esta campanha');
    expect(api.calls.filter((c) => c.path === '/campaigns/1/contacts' && c.method === 'POST')).toEqual([]);
    await user.click(within(dialog).getByTestId('confirm-button'));
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === '/campaigns/1/contacts' && c.method === 'POST')?.body).toEqual({ tagIds: [] }),
    );
  });

  it('a campaign with unsaved changes cannot be started until they are saved (it would start with the saved ones)', async () => {
    let current = campaign();
    detailApi(() => current, {
      'PUT /campaigns/:id': ({ body }) => {
        current = { ...current, ...(body as Partial<Campaign>) };
        return { body: current };
      },
    });
    const { user } = renderDetail();
    expect(await screen.findByTestId('campaign-start-button')).toBeEnabled();
    await user.type(screen.getByTestId('campaign-name'), ' 2026');
    await waitFor(() => expect(screen.getByTestId('campaign-start-button')).toBeDisabled());
    expect(screen.getByTestId('campaign-unsaved-hint')).toHaveTextContent('Salve as alterações dos dados da campanha antes de iniciá-la');
    await user.click(screen.getByTestId('campaign-save'));
    await waitFor(() => expect(screen.getByTestId('campaign-start-button')).toBeEnabled());
    expect(screen.queryByTestId('campaign-unsaved-hint')).toBeNull();
  });

  it('a mistyped address says the campaign does not exist, without asking the server for it', async () => {
    const api = detailApi(() => campaign());
    renderWithApp(
      <Routes>
        <Route path="/campanhas/:campaignId" element={<CampaignPage />} />
      </Routes>,
      { route: '/campanhas/abc' },
    );
    expect(await screen.findByTestId('campaign-not-found')).toHaveTextContent('Voltar para as campanhas');
    expect(api.calls.filter((c) => c.path.startsWith('/campaigns/'))).toEqual([]);
  });

  it('on a phone (390 px) the list is cards and the detail keeps its actions', async () => {
    setScreenSize(PHONE);
    fakeApi({ 'GET /campaigns': () => ({ body: [campaign({ status: 'processing', sent: 5 })] }) });
    const { unmount } = renderWithApp(<CampaignsPage />);
    expect(await screen.findByTestId('campaigns-table')).toHaveAttribute('data-layout', 'cards');
    expect(within(await screen.findByTestId('campaign-1')).getByTestId('campaign-open-1')).toBeVisible();
    unmount();
    vi.unstubAllGlobals();
    detailApi(() => campaign({ status: 'processing' }));
    renderDetail();
    expect(await screen.findByTestId('campaign-pause-button')).toBeVisible();
    expect(screen.getByTestId('campaign-contacts-table')).toHaveAttribute('data-layout', 'cards');
  });
});
