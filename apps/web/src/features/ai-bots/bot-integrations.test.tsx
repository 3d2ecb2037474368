import type { BotIntegrationSettings, ChannelAiBot } from '@conversa/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fetch';
import { PHONE, setScreenSize } from '../../test/media';
import { renderWithApp } from '../../test/render';
import { signInAs } from '../../test/session';
import { ChatHeader } from '../tickets/components/ChatHeader';
import { buildTicket } from '../tickets/test-support';
import { ChannelAiBotSection } from './components/ChannelAiBotSection';
import { BotIntegrationSettingsView } from './pages/BotIntegrationSettingsPage';

const NOW = '2026-03-01T12:00:00.000Z';
const none = (kind: 'typebot' | 'dify' | 'n8n'): BotIntegrationSettings => ({ kind, configured: false, settings: null, updatedAt: null });
const TYPEBOT = { provider: 'typebot' as const, statusKey: 'typebotStatus', label: 'Typebot' };
const DIFY = { provider: 'dify' as const, statusKey: 'difyStatus', label: 'Dify' };

beforeEach(() => signInAs('admin'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  setScreenSize(1280);
});

describe('/configuracoes/typebot, /dify, /n8n', () => {
  it('sets Typebot up with its bot, words, messages and buttons flag; the key then shows masked', async () => {
    let current = none('typebot');
    const api = fakeApi({
      'GET /settings/bots/typebot': () => ({ body: current }),
      'PUT /settings/bots/typebot': ({ body }) => {
        const settings = { ...(body as Extract<BotIntegrationSettings['settings'], { kind: 'typebot' }>), apiKey: '••••••' };
        current = { kind: 'typebot', configured: true, settings, updatedAt: NOW };
        return { body: current };
      },
    });
    const { user } = renderWithApp(<BotIntegrationSettingsView kind="typebot" />);
    expect(await screen.findByTestId('bot-settings-status')).toHaveTextContent('Não configurado');
    await user.click(screen.getByTestId('bot-save'));
    await waitFor(() => expect(screen.getByTestId('bot-url')).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByTestId('bot-name')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    await user.type(screen.getByTestId('bot-api-key'), 'tb-token');
    await user.type(screen.getByTestId('bot-url'), 'https://typebot.loja.com');
    await user.type(screen.getByTestId('bot-name'), 'atendimento-loja');
    await user.type(screen.getByTestId('bot-stop-word'), 'sair');
    await user.type(screen.getByTestId('bot-restart-word'), 'menu');
    await user.type(screen.getByTestId('bot-unknown-message'), 'Não entendi.');
    await user.type(screen.getByTestId('bot-button-choice-message'), 'Escolha:');
    await user.click(screen.getByTestId('bot-buttons'));
    await user.click(screen.getByTestId('bot-save'));
    await waitFor(() => expect(screen.getByTestId('bot-settings-status')).toHaveTextContent('Configurado'));
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      kind: 'typebot',
      apiKey: 'tb-token',
      url: 'https://typebot.loja.com',
      botName: 'atendimento-loja',
      type: 'published',
      stopWord: 'sair',
      restartWord: 'menu',
      unknownMessage: 'Não entendi.',
      buttonChoiceMessage: 'Escolha:',
      buttons: false,
      timeoutMs: 20_000,
    });
    expect(screen.getByTestId('bot-api-key')).toHaveValue('••••••');
  });

  it("requires Dify's key and chooses its app type; tests the connection with the service's words", async () => {
    let refuse = false;
    const api = fakeApi({
      'GET /settings/bots/dify': () => ({ body: none('dify') }),
      'POST /settings/bots/dify/test': () =>
        refuse
          ? {
              status: 400,
              body: { error: 'ERR_AI_PROVIDER_REFUSED', message: 'Dify refused: HTTP 401: unauthorized: Access token is invalid' },
            }
          : { body: { ok: true, detail: 'Loja Azul' } },
    });
    const { user } = renderWithApp(<BotIntegrationSettingsView kind="dify" />);
    await user.type(await screen.findByTestId('bot-url'), 'https://api.dify.ai/v1');
    await user.click(screen.getByTestId('bot-test'));
    expect(await screen.findByText('Informe a chave de API.')).toBeInTheDocument();
    await user.type(screen.getByTestId('bot-api-key'), 'app-123');
    await user.selectOptions(screen.getByTestId('bot-type'), 'workflow');
    await user.click(screen.getByTestId('bot-test'));
    expect(await screen.findByTestId('bot-test-result')).toHaveTextContent('Conexão ok (Loja Azul).');
    expect(api.calls.find((c) => c.method === 'POST')?.body).toMatchObject({ kind: 'dify', apiKey: 'app-123', type: 'workflow' });
    refuse = true;
    await user.click(screen.getByTestId('bot-test'));
    await waitFor(() => expect(screen.getByTestId('bot-test-result')).toHaveTextContent('Access token is invalid'));
  });

  it('sets n8n up by its webhook URL, says what the workflow receives and answers, and offers no test', async () => {
    const api = fakeApi({
      'GET /settings/bots/n8n': () => ({ body: none('n8n') }),
      'PUT /settings/bots/n8n': ({ body }) => ({ body: { kind: 'n8n', configured: true, settings: body, updatedAt: NOW } }),
    });
    const { user } = renderWithApp(<BotIntegrationSettingsView kind="n8n" />);
    expect(await screen.findByTestId('bot-n8n-contract')).toHaveTextContent('reply');
    expect(screen.queryByTestId('bot-test')).not.toBeInTheDocument();
    expect(screen.queryByTestId('bot-api-key')).not.toBeInTheDocument();
    await user.type(screen.getByTestId('bot-url'), 'https://n8n.loja.com/webhook/conversa');
    await user.click(screen.getByTestId('bot-save'));
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({
        kind: 'n8n',
        url: 'https://n8n.loja.com/webhook/conversa',
        stopWord: null,
        restartWord: null,
        timeoutMs: 20_000,
      }),
    );
  });

  it('removes an integration after a confirmation', async () => {
    const api = fakeApi({
      'GET /settings/bots/n8n': () => ({
        body: {
          kind: 'n8n',
          configured: true,
          settings: { kind: 'n8n', url: 'https://n8n.loja.com/webhook/x', stopWord: null, restartWord: null, timeoutMs: 20_000 },
          updatedAt: NOW,
        },
      }),
      'DELETE /settings/bots/n8n': () => ({ status: 204, body: null }),
    });
    const { user } = renderWithApp(<BotIntegrationSettingsView kind="n8n" />);
    await user.click(await screen.findByTestId('bot-remove'));
    expect(api.calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
    const dialog = await screen.findByTestId('confirm-modal');
    await user.click(within(dialog).getByRole('button', { name: 'Remover' }));
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'DELETE')).toHaveLength(1));
  });

  it('works on a 390 px phone', async () => {
    setScreenSize(PHONE);
    fakeApi({ 'GET /settings/bots/typebot': () => ({ body: none('typebot') }) });
    renderWithApp(<BotIntegrationSettingsView kind="typebot" />);
    expect(await screen.findByTestId('bot-url')).toBeVisible();
    expect(screen.getByTestId('bot-save')).toBeVisible();
    expect(screen.getByTestId('bot-test')).toBeVisible();
  });
});

describe("a channel's bot and integration options", () => {
  const NO_BOT: ChannelAiBot = {
    channelId: 9,
    provider: null,
    prompt: '',
    stopWord: null,
    restartWord: null,
    answerNewTickets: false,
    disableIntegrationsOnOpen: true,
    waitIntegrationProcessing: true,
    answerWithVoice: false,
    voice: 'alloy',
    speechModel: 'tts-1',
  };

  it('chooses Typebot (no prompt: it has its own flow) and sets the two channel options', async () => {
    const api = fakeApi({
      'GET /whatsapp/9/ai-bot': () => ({ body: NO_BOT }),
      'GET /ai-bots': () => ({ body: [TYPEBOT, DIFY] }),
      'PUT /whatsapp/9/ai-bot': ({ body }) => ({ body: { ...NO_BOT, ...(body as object) } }),
    });
    const { user } = renderWithApp(<ChannelAiBotSection channelId={9} />);
    await user.click(await screen.findByTestId('channel-ai-provider'));
    await user.click(await screen.findByRole('option', { name: 'Typebot', hidden: true }));
    expect(screen.queryByTestId('channel-ai-prompt')).not.toBeInTheDocument();
    expect(screen.getAllByText(/Vazio: a palavra da configuração do bot/)).toHaveLength(2);
    await user.click(screen.getByTestId('channel-ai-new-tickets'));
    await user.click(screen.getByTestId('channel-ai-disable-on-open'));
    await user.click(screen.getByTestId('channel-ai-wait'));
    await user.click(screen.getByTestId('channel-ai-save'));
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({
        provider: 'typebot',
        prompt: '',
        stopWord: '',
        restartWord: '',
        answerNewTickets: true,
        disableIntegrationsOnOpen: false,
        waitIntegrationProcessing: false,
        // Voice is an LLM's option: an integration's form sends it off.
        answerWithVoice: false,
        voice: 'alloy',
        speechModel: 'tts-1',
      }),
    );
  });
});

describe("the chat header's switches of the integrations", () => {
  it('shows Typebot and Dify beside the LLMs and switches one with PUT /tickets/{id}', async () => {
    signInAs('user');
    const ticket = buildTicket({ id: 12, status: 'pending', integrationStatuses: { typebotStatus: true } });
    const api = fakeApi({
      'GET /queue': () => ({ body: [] }),
      'GET /sms/config': () => ({ body: { configured: false } }),
      'GET /ai-bots': () => ({ body: [TYPEBOT, DIFY] }),
      'PUT /tickets/12': ({ body }) => ({
        body: { ...ticket, integrationStatuses: { ...ticket.integrationStatuses, ...(body as object) } },
      }),
    });
    const { user } = renderWithApp(<ChatHeader ticket={ticket} panelOpen={false} onTogglePanel={() => undefined} />);
    await user.click(await screen.findByTestId('ticket-ai'));
    const switches = await screen.findByTestId('ticket-ai-switches');
    expect(within(switches).getByTestId('ticket-ai-typebot')).toBeChecked();
    expect(within(switches).getByTestId('ticket-ai-dify')).not.toBeChecked();
    await user.click(within(switches).getByTestId('ticket-ai-dify'));
    await waitFor(() => expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({ difyStatus: true }));
  });
});
