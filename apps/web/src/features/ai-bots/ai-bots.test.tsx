import type { AiProviderSettings, ChannelAiBot } from '@conversa/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fetch';
import { PHONE, setScreenSize } from '../../test/media';
import { renderWithApp } from '../../test/render';
import { signInAs } from '../../test/session';
import { SETTINGS_TAB_GROUPS } from '../settings/pages/SettingsLayout';
import { ChatHeader } from '../tickets/components/ChatHeader';
import { buildTicket } from '../tickets/test-support';
import { aiKeys } from './api';
import { ChannelAiBotSection } from './components/ChannelAiBotSection';
import { AiProviderSettings as AiProviderSettingsForm } from './pages/AiProviderSettingsPage';

const NOW = '2026-03-01T12:00:00.000Z';
const NONE: AiProviderSettings = {
  provider: 'chat-gpt',
  configured: false,
  apiKey: '',
  baseUrl: 'https://api.openai.com/v1',
  model: 'gpt-4o-mini',
  protocol: 'openai',
  timeoutMs: 30_000,
  contextTokens: 2000,
  updatedAt: null,
};
const STORED: AiProviderSettings = { ...NONE, configured: true, apiKey: '••••••', updatedAt: NOW };
const CHATGPT = { provider: 'chat-gpt' as const, statusKey: 'chatgptStatus', label: 'ChatGPT' };
const CLAUDE = { provider: 'claude' as const, statusKey: 'claudeStatus', label: 'Claude' };

beforeEach(() => signInAs('admin'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  setScreenSize(1280);
});

describe('/configuracoes/<provider>', () => {
  it('sets ChatGPT up: requires the key, sends the settings, then shows the key masked', async () => {
    let current = NONE;
    const api = fakeApi({
      'GET /settings/ai/chat-gpt': () => ({ body: current }),
      'PUT /settings/ai/chat-gpt': ({ body }) => {
        current = { ...STORED, model: (body as { model: string }).model };
        return { body: current };
      },
    });
    const { user } = renderWithApp(<AiProviderSettingsForm provider="chat-gpt" />);
    expect(await screen.findByTestId('ai-settings-status')).toHaveTextContent('Não configurado');
    expect(screen.getByTestId('ai-base-url')).toHaveValue('https://api.openai.com/v1');
    // One protocol only: nothing to choose.
    expect(screen.queryByTestId('ai-protocol')).not.toBeInTheDocument();

    await user.click(screen.getByTestId('ai-save'));
    expect(await screen.findByText('Informe a chave de API.')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    await user.type(screen.getByTestId('ai-api-key'), 'sk-test-123');
    await user.clear(screen.getByTestId('ai-model'));
    await user.type(screen.getByTestId('ai-model'), 'gpt-4.1');
    await user.click(screen.getByTestId('ai-save'));
    await waitFor(() => expect(screen.getByTestId('ai-settings-status')).toHaveTextContent('Configurado'));
    const put = api.calls.find((c) => c.method === 'PUT');
    expect(put?.body).toEqual({
      apiKey: 'sk-test-123',
      baseUrl: 'https://api.openai.com/v1',
      model: 'gpt-4.1',
      protocol: 'openai',
      timeoutMs: 30_000,
      contextTokens: 2000,
    });
    expect(screen.getByTestId('ai-api-key')).toHaveValue('••••••');
  });

  it("tests the connection: the model found, or the provider's own words", async () => {
    let refuse = false;
    fakeApi({
      'GET /settings/ai/chat-gpt': () => ({ body: STORED }),
      'POST /settings/ai/chat-gpt/test': () =>
        refuse
          ? { status: 400, body: { error: 'ERR_AI_PROVIDER_REFUSED', message: 'ChatGPT refused: HTTP 401: Incorrect API key provided' } }
          : { body: { ok: true, models: ['gpt-4o-mini', 'gpt-4.1'], modelListed: true } },
    });
    const { user } = renderWithApp(<AiProviderSettingsForm provider="chat-gpt" />);
    await user.click(await screen.findByTestId('ai-test'));
    expect(await screen.findByTestId('ai-test-result')).toHaveTextContent(
      'Conexão ok: o provedor listou 2 modelos, incluindo gpt-4o-mini.',
    );
    refuse = true;
    await user.click(screen.getByTestId('ai-test'));
    await waitFor(() => expect(screen.getByTestId('ai-test-result')).toHaveTextContent('Incorrect API key provided'));
    expect(screen.getByTestId('ai-test-result')).toHaveTextContent('O provedor de IA recusou a solicitação.');
  });

  it('offers Ollama its two protocols and no required key', async () => {
    const api = fakeApi({
      'GET /settings/ai/ollama': () => ({
        body: { ...NONE, provider: 'ollama', baseUrl: 'http://localhost:11434', model: 'llama3.2', protocol: 'ollama' },
      }),
      'PUT /settings/ai/ollama': ({ body }) => ({
        body: { ...NONE, ...(body as object), provider: 'ollama', configured: true, updatedAt: NOW },
      }),
    });
    const { user } = renderWithApp(<AiProviderSettingsForm provider="ollama" />);
    await user.selectOptions(await screen.findByTestId('ai-protocol'), 'openai');
    await user.clear(screen.getByTestId('ai-base-url'));
    await user.type(screen.getByTestId('ai-base-url'), 'https://ollama.example.com/v1');
    await user.click(screen.getByTestId('ai-save'));
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
        apiKey: '',
        protocol: 'openai',
        baseUrl: 'https://ollama.example.com/v1',
      }),
    );
  });

  it('works on a 390 px phone', async () => {
    setScreenSize(PHONE);
    fakeApi({ 'GET /settings/ai/claude': () => ({ body: { ...NONE, provider: 'claude', protocol: 'anthropic' } }) });
    renderWithApp(<AiProviderSettingsForm provider="claude" />);
    expect(await screen.findByTestId('ai-api-key')).toBeVisible();
    expect(screen.getByTestId('ai-save')).toBeVisible();
    expect(screen.getByTestId('ai-test')).toBeVisible();
  });

  it('are the "Bots and AI" group of the settings tabs, one per provider', () => {
    const bots = SETTINGS_TAB_GROUPS.find((group) => group.group === 'bots');
    expect(bots?.tabs.map((tab) => tab.value)).toEqual([
      'typebot',
      'dialogflow',
      'chat-gpt',
      'lm',
      'ollama',
      'grok',
      'gemini',
      'deepseek',
      'qwen',
      'claude',
      'n8n',
      'dify',
    ]);
  });
});

describe("a channel's AI", () => {
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

  it('says how to set one up when the company has none', async () => {
    fakeApi({ 'GET /whatsapp/9/ai-bot': () => ({ body: NO_BOT }), 'GET /ai-bots': () => ({ body: [] }) });
    renderWithApp(<ChannelAiBotSection channelId={9} />);
    expect(await screen.findByTestId('channel-ai-none')).toHaveTextContent('Configurações → Bots e IA');
  });

  it('chooses the AI of the channel with its prompt, words and new tickets', async () => {
    const api = fakeApi({
      'GET /whatsapp/9/ai-bot': () => ({ body: NO_BOT }),
      'GET /ai-bots': () => ({ body: [CHATGPT, CLAUDE] }),
      'PUT /whatsapp/9/ai-bot': ({ body }) => ({ body: { ...NO_BOT, ...(body as object) } }),
    });
    const { user } = renderWithApp(<ChannelAiBotSection channelId={9} />);
    expect(screen.queryByTestId('channel-ai-prompt')).not.toBeInTheDocument();
    await user.click(await screen.findByTestId('channel-ai-provider'));
    await user.click(await screen.findByRole('option', { name: 'Claude', hidden: true }));
    await user.type(screen.getByTestId('channel-ai-prompt'), 'Você é o assistente da loja.');
    await user.type(screen.getByTestId('channel-ai-stop-word'), 'PARAR');
    await user.type(screen.getByTestId('channel-ai-restart-word'), 'robô');
    await user.click(screen.getByTestId('channel-ai-new-tickets'));
    await user.click(screen.getByTestId('channel-ai-save'));
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({
        provider: 'claude',
        prompt: 'Você é o assistente da loja.',
        stopWord: 'PARAR',
        restartWord: 'robô',
        answerNewTickets: true,
        disableIntegrationsOnOpen: true,
        waitIntegrationProcessing: true,
        answerWithVoice: false,
        voice: 'alloy',
        speechModel: 'tts-1',
      }),
    );
    // Claude has no audio endpoints: no voice replies offered.
    expect(screen.queryByTestId('channel-ai-voice-on')).not.toBeInTheDocument();
  });

  it('answers with voice in the chosen voice (OpenAI-protocol AIs only)', async () => {
    const api = fakeApi({
      'GET /whatsapp/9/ai-bot': () => ({ body: { ...NO_BOT, provider: 'chat-gpt' } }),
      'GET /ai-bots': () => ({ body: [CHATGPT, CLAUDE] }),
      'PUT /whatsapp/9/ai-bot': ({ body }) => ({ body: { ...NO_BOT, ...(body as object) } }),
    });
    const { user } = renderWithApp(<ChannelAiBotSection channelId={9} />);
    expect(screen.queryByTestId('channel-ai-voice')).not.toBeInTheDocument();
    await user.click(await screen.findByTestId('channel-ai-voice-on'));
    await user.click(screen.getByTestId('channel-ai-voice'));
    await user.click(await screen.findByRole('option', { name: 'nova', hidden: true }));
    await user.clear(screen.getByTestId('channel-ai-speech-model'));
    await user.type(screen.getByTestId('channel-ai-speech-model'), 'gpt-4o-mini-tts');
    await user.click(screen.getByTestId('channel-ai-save'));
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
        provider: 'chat-gpt',
        answerWithVoice: true,
        voice: 'nova',
        speechModel: 'gpt-4o-mini-tts',
      }),
    );
  });
});

describe("the chat header's AI switches", () => {
  const TICKET = buildTicket({ id: 12, status: 'pending', integrationStatuses: { chatgptStatus: true } });

  it('shows nothing while no AI is set up', async () => {
    fakeApi({
      'GET /queue': () => ({ body: [] }),
      'GET /sms/config': () => ({ body: { configured: false } }),
      'GET /ai-bots': () => ({ body: [] }),
    });
    const { queryClient } = renderWithApp(<ChatHeader ticket={TICKET} panelOpen={false} onTogglePanel={() => undefined} />);
    await waitFor(() => expect(queryClient.getQueryState(aiKeys.available)?.status).toBe('success'));
    expect(screen.getByTestId('ticket-transfer')).toBeInTheDocument();
    expect(screen.queryByTestId('ticket-ai')).not.toBeInTheDocument();
  });

  it('shows which AI is on and switches one with PUT /tickets/{id}', async () => {
    signInAs('user');
    const api = fakeApi({
      'GET /queue': () => ({ body: [] }),
      'GET /sms/config': () => ({ body: { configured: false } }),
      'GET /ai-bots': () => ({ body: [CHATGPT, CLAUDE] }),
      'PUT /tickets/12': ({ body }) => ({
        body: { ...TICKET, integrationStatuses: { ...TICKET.integrationStatuses, ...(body as object) } },
      }),
    });
    const { user } = renderWithApp(<ChatHeader ticket={TICKET} panelOpen={false} onTogglePanel={() => undefined} />);
    await user.click(await screen.findByTestId('ticket-ai'));
    const switches = await screen.findByTestId('ticket-ai-switches');
    expect(within(switches).getByTestId('ticket-ai-chat-gpt')).toBeChecked();
    expect(within(switches).getByTestId('ticket-ai-claude')).not.toBeChecked();
    await user.click(within(switches).getByTestId('ticket-ai-chat-gpt'));
    await waitFor(() => expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({ chatgptStatus: false }));
  });

  it('works on a 390 px phone', async () => {
    setScreenSize(PHONE);
    fakeApi({
      'GET /queue': () => ({ body: [] }),
      'GET /sms/config': () => ({ body: { configured: false } }),
      'GET /ai-bots': () => ({ body: [CHATGPT] }),
    });
    const { user } = renderWithApp(<ChatHeader ticket={TICKET} panelOpen={false} onTogglePanel={() => undefined} />);
    await user.click(await screen.findByTestId('ticket-ai'));
    // The switch's input hides behind its track: its label is what shows.
    const switches = await screen.findByTestId('ticket-ai-switches');
    await waitFor(() => expect(within(switches).getByText('ChatGPT')).toBeVisible());
  });
});
