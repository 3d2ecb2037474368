import { flowDefinitionSchema, type FlowDraft } from '@conversa/shared/chatbot';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ReactFlowProvider } from '@xyflow/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeApi, type ApiCall } from '../../../test/fetch';
import { renderWithApp } from '../../../test/render';
import { FlowBuilder } from '../pages/ChatFlowBuilderPage';
import { flowOf, MENU_FLOW, mockReactFlow, QUEUES } from './test-flow';

beforeAll(mockReactFlow);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const LANE = {
  id: 3,
  name: 'Negociação',
  color: '#868e96',
  position: 0,
  ticketCount: 0,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};
const TAGS = [
  {
    id: 4,
    name: 'Lead quente',
    color: '#fa5252',
    isActive: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  },
  {
    id: 5,
    name: 'Antiga',
    color: '#868e96',
    isActive: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  },
];

const lists = {
  'GET /queue': () => ({ body: QUEUES }),
  'GET /users/': () => ({ body: { users: [], count: 0, hasMore: false } }),
  'GET /whatsapp': () => ({ body: [] }),
  'GET /chat-flow': () => ({ body: [] }),
  'GET /lanes': () => ({ body: [LANE] }),
  'GET /tags': () => ({ body: TAGS }),
  'GET /ai-bots': () => ({ body: [{ provider: 'claude', statusKey: 'claudeStatus', label: 'Claude' }] }),
};

/** The autosave badge's statuses from now on, the current one first (each change is recorded, however fast). */
function statusHistory(): () => string[] {
  const badge = screen.getByTestId('autosave-status');
  const records: MutationRecord[] = [];
  const observer = new MutationObserver((batch) => records.push(...batch));
  observer.observe(badge, { attributes: true, attributeFilter: ['data-status'], attributeOldValue: true });
  return () => {
    records.push(...observer.takeRecords());
    return [...records.map((record) => record.oldValue ?? ''), badge.getAttribute('data-status') ?? ''];
  };
}

function api(
  put: (call: ApiCall) => { status?: number; body: unknown } = ({ body }) => ({
    body: { ...flowOf(), ...(body as object), updatedAt: '2026-11-20T11:00:00.000Z' },
  }),
) {
  return fakeApi({
    ...lists,
    'PUT /chat-flow/:id': put,
    'POST /chat-flow/:id/publish': () => ({ body: flowOf(MENU_FLOW, { publishedVersion: 1 }) }),
  });
}

function renderBuilder(definition: FlowDraft = MENU_FLOW) {
  return renderWithApp(
    <ReactFlowProvider>
      <FlowBuilder flow={flowOf(definition)} />
    </ReactFlowProvider>,
  );
}

const puts = (calls: ApiCall[]) => calls.filter((c) => c.method === 'PUT');

/** Selects a step as a keyboard user does: the node (focusable) and Enter. */
async function selectStep(_user: ReturnType<typeof renderBuilder>['user'], stepId: string) {
  const node = (await screen.findByTestId(`step-node-${stepId}`)).closest<HTMLElement>('.react-flow__node')!;
  node.focus();
  fireEvent.keyDown(node, { key: 'Enter' });
  return waitFor(() => {
    const panel = screen.getByTestId('step-panel');
    expect(within(panel).getByTestId('step-name')).toHaveValue(MENU_FLOW.steps.find((s) => s.id === stepId)?.name ?? '');
    return panel;
  });
}

describe('the flow builder', () => {
  it('draws one node per step and an edge per route to a step', async () => {
    api();
    renderBuilder();
    expect(await screen.findByTestId('step-node-welcome')).toHaveTextContent('Boas-vindas');
    expect(screen.getByTestId('step-node-menu')).toHaveTextContent('Menu');
    expect(screen.getByTestId('step-node-support')).toHaveTextContent('Suporte');
    // start → welcome, welcome → menu (next), menu → support (option 2)
    await waitFor(() => expect(document.querySelectorAll('.react-flow__edge')).toHaveLength(3));
    // The option routed to a queue is written on the node.
    expect(screen.getByTestId('step-node-menu')).toHaveTextContent('1: fila Vendas');
  });

  it('validates the selected step as you type with the shared schema, and blocks publishing until it is fixed', async () => {
    api();
    const { user } = renderBuilder();
    const panel = await selectStep(user, 'menu');
    const name = within(panel).getByTestId('step-name');
    await user.clear(name);
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(within(panel).getByText('Este campo é obrigatório.')).toBeInTheDocument();
    expect(screen.getByTestId('builder-publish')).toBeDisabled();
    expect(screen.getByTestId('draft-issues')).toHaveTextContent('Problemas a corrigir antes de publicar: 1');

    const text = within(panel).getByTestId('interaction-0-text');
    await user.clear(text);
    await user.paste('{{nome}}');
    await waitFor(() => expect(within(panel).getByText('Variável desconhecida: {{nome}}.')).toBeInTheDocument());

    await user.type(name, 'M');
    await user.clear(text);
    await user.paste('{{name}}');
    await waitFor(() => expect(screen.queryByTestId('draft-issues')).not.toBeInTheDocument());
    expect(screen.getByTestId('builder-publish')).toBeEnabled();
  });

  it('message fields pick variables, {{webhook.path}} included, and flag an unknown one as you type', async () => {
    api();
    const { user } = renderBuilder();
    const panel = await selectStep(user, 'menu');
    const text = within(panel).getByTestId<HTMLTextAreaElement>('interaction-0-text');
    await user.clear(text);
    await user.paste('Olá, ');
    await user.click(within(panel).getByTestId('interaction-0-text-variables'));
    await user.click(await screen.findByTestId('interaction-0-text-variables-firstName'));
    expect(text).toHaveValue('Olá, {{firstName}}');
    // {{webhook}} goes in with the caret before its braces, for the path to be typed.
    await user.click(within(panel).getByTestId('interaction-0-text-variables'));
    await user.click(await screen.findByTestId('interaction-0-text-variables-webhook'));
    expect(text).toHaveValue('Olá, {{firstName}}{{webhook}}');
    await waitFor(() => expect(text.selectionStart).toBe('Olá, {{firstName}}{{webhook'.length));
    await user.paste('.status');
    expect(text).toHaveValue('Olá, {{firstName}}{{webhook.status}}');
    expect(screen.queryByTestId('draft-issues')).not.toBeInTheDocument();

    await user.click(screen.getByTestId('builder-settings'));
    const welcome = await screen.findByTestId('flow-welcomeMessage');
    await user.clear(welcome);
    await user.paste('{{greeting}}! {{webhook.data.0.name}}');
    await user.click(screen.getByTestId('flow-welcomeMessage-variables'));
    await user.click(await screen.findByTestId('flow-welcomeMessage-variables-protocol'));
    expect(welcome).toHaveValue('{{greeting}}! {{webhook.data.0.name}}{{protocol}}');
    expect(screen.queryByTestId('draft-issues')).not.toBeInTheDocument();
    await user.paste(' {{protocolo}}');
    await waitFor(() => expect(screen.getByTestId('draft-issues')).toHaveTextContent('Problemas a corrigir antes de publicar: 1'));
  });

  it('an option number must be a number, and a step with a no-answer time needs its route', async () => {
    api();
    const { user } = renderBuilder();
    const panel = await selectStep(user, 'menu');
    const value = within(panel).getByTestId('condition-0-value');
    await user.clear(value);
    await user.type(value, 'um');
    await waitFor(() => expect(within(panel).getByText('Informe um número de opção, como 1.')).toBeInTheDocument());
    await user.type(within(panel).getByTestId('step-no-answer-minutes'), '5');
    await waitFor(() => expect(screen.getByTestId('draft-issues')).toHaveTextContent('Problemas a corrigir antes de publicar: 2'));
  });

  it('undoes and redoes edits (typing in one field is one step)', async () => {
    // Keystrokes coalesce within a second of each other: the clock stands still, however slow the machine types.
    vi.useFakeTimers({ toFake: ['Date'] });
    api();
    const { user } = renderBuilder();
    const panel = await selectStep(user, 'welcome');
    const name = within(panel).getByTestId('step-name');
    expect(screen.getByTestId('builder-undo')).toBeDisabled();
    await user.type(name, ' da loja');
    expect(name).toHaveValue('Boas-vindas da loja');
    await user.click(screen.getByTestId('builder-undo'));
    expect(within(screen.getByTestId('step-panel')).getByTestId('step-name')).toHaveValue('Boas-vindas');
    expect(screen.getByTestId('step-node-welcome')).toHaveTextContent('Boas-vindas');
    await user.click(screen.getByTestId('builder-redo'));
    expect(within(screen.getByTestId('step-panel')).getByTestId('step-name')).toHaveValue('Boas-vindas da loja');

    // A new step and its removal are undone too.
    await user.click(screen.getByTestId('builder-add-step'));
    expect(await screen.findByText('Etapa 4')).toBeInTheDocument();
    await user.click(screen.getByTestId('builder-undo'));
    await waitFor(() => expect(screen.queryByText('Etapa 4')).not.toBeInTheDocument());
  });

  it('selecting a step while a later one is selected shows the newly selected step', async () => {
    api();
    const { user } = renderBuilder();
    await selectStep(user, 'support');
    await selectStep(user, 'menu');
    await selectStep(user, 'welcome');
  });

  it('deleting a step removes the routes that led to it (one undo step)', async () => {
    api();
    const { user } = renderBuilder();
    await selectStep(user, 'support');
    await user.click(screen.getByTestId('step-delete'));
    await waitFor(() => expect(screen.queryByTestId('step-node-support')).not.toBeInTheDocument());
    await waitFor(() => expect(document.querySelectorAll('.react-flow__edge')).toHaveLength(2));
    const panel = await selectStep(user, 'menu');
    expect(within(panel).getByTestId('condition-1-route-kind')).toHaveValue('Sair do bot');
    await user.click(screen.getByTestId('builder-undo'));
    expect(await screen.findByTestId('step-node-support')).toBeInTheDocument();
  });

  it('autosaves the draft after a quiet moment, shows saving/saved, and sends what the schema accepts', async () => {
    const calls = api().calls;
    const { user } = renderBuilder();
    expect(screen.getByTestId('autosave-status')).toHaveAttribute('data-status', 'saved');
    const panel = await selectStep(user, 'welcome');
    // Every status the badge shows, in order: a starved machine may pass the quiet time before the next check.
    const statuses = statusHistory();
    await user.type(within(panel).getByTestId('step-name'), '!');
    await waitFor(() => expect(screen.getByTestId('autosave-status')).toHaveAttribute('data-status', 'saved'));
    // 'saving' may not reach the page when the answer comes within the same render.
    expect(statuses().filter((status) => status !== 'saving')).toEqual(['saved', 'pending', 'saved']);
    expect(puts(calls)).toHaveLength(1);
    const body = puts(calls)[0].body as { definition: FlowDraft };
    expect(body.definition.steps[0].name).toBe('Boas-vindas!');
    expect(flowDefinitionSchema.safeParse(body.definition).success).toBe(true);
  });

  it('adds "move to kanban lane" with a lane of the company, saves it, and the test panel shows the move', async () => {
    const calls = api().calls;
    const { user } = renderBuilder();
    const panel = await selectStep(user, 'welcome');
    await user.click(within(panel).getByTestId('interaction-add'));
    await user.click(await screen.findByTestId('interaction-add-kanban'));
    const index = MENU_FLOW.steps.find((s) => s.id === 'welcome')!.interactions.length;
    await user.click(within(panel).getByTestId(`interaction-${index}-lane`));
    await user.click(await screen.findByRole('option', { name: 'Negociação', hidden: true }));
    await waitFor(() => expect(screen.getByTestId('autosave-status')).toHaveAttribute('data-status', 'saved'));
    await waitFor(() => {
      const body = puts(calls).at(-1)?.body as { definition: FlowDraft } | undefined;
      expect(body?.definition.steps[0].interactions[index]).toMatchObject({ kind: 'kanban', laneId: 3 });
      expect(flowDefinitionSchema.safeParse(body?.definition).success).toBe(true);
    });

    await user.click(screen.getByTestId('builder-test'));
    await user.click(await screen.findByTestId('test-start'));
    await waitFor(() => expect(screen.getByTestId('test-transcript')).toHaveTextContent('(move para a coluna “Negociação”)'));
  });

  it("keeps the answer of a waiting step in one of the company's contact variables; the test panel shows it", async () => {
    const calls = fakeApi({
      ...lists,
      'GET /contact-variables': () => ({
        body: [{ id: 1, name: 'cidade', description: null, createdAt: '2026-01-10T12:00:00.000Z', updatedAt: '2026-01-10T12:00:00.000Z' }],
      }),
      'PUT /chat-flow/:id': ({ body }) => ({ body: { ...flowOf(), ...(body as object), updatedAt: '2026-11-20T11:00:00.000Z' } }),
    }).calls;
    const { user } = renderBuilder();
    const panel = await selectStep(user, 'menu');
    await user.click(within(panel).getByTestId('step-save-answer'));
    await user.click(await screen.findByRole('option', { name: '{{cidade}}', hidden: true }));
    await waitFor(() => {
      const body = puts(calls).at(-1)?.body as { definition: FlowDraft } | undefined;
      expect(body?.definition.steps.find((step) => step.id === 'menu')).toMatchObject({ saveAnswerAs: 'cidade' });
    });

    await user.click(screen.getByTestId('builder-test'));
    await user.click(await screen.findByTestId('test-start'));
    await user.type(screen.getByTestId('test-input'), '1{Enter}');
    await waitFor(() => expect(screen.getByTestId('test-transcript')).toHaveTextContent('(guarda “1” em {{cidade}} do contato)'));
  });

  it("shows the server's refusal and keeps the draft in the browser: a reload opens it again", async () => {
    const calls = api(() => ({
      status: 400,
      body: {
        error: 'ERR_VALIDATION',
        message: 'Invalid flow',
        fields: { 'definition.steps.1.conditions.0.route': ['Route to a queue that does not exist (7).'] },
        issues: { 'definition.steps.1.conditions.0.route': [{ code: 'custom', rule: 'flowRoute' }] },
      },
    })).calls;
    const { user, unmount } = renderBuilder();
    const panel = await selectStep(user, 'welcome');
    await user.type(within(panel).getByTestId('step-name'), ' 2');
    await waitFor(() => expect(screen.getByTestId('autosave-status')).toHaveAttribute('data-status', 'error'));
    expect(screen.getByTestId('server-issues')).toHaveTextContent(
      'Etapa "Menu": Um encaminhamento leva a uma etapa, fila ou usuário que não existe mais.',
    );
    // One save per pause in the typing: a starved machine may pause between the two characters.
    await waitFor(() => expect(JSON.stringify(puts(calls).at(-1)?.body)).toContain('Boas-vindas 2'));
    unmount();

    renderBuilder();
    expect(await screen.findByTestId('step-node-welcome')).toHaveTextContent('Boas-vindas 2');
  });

  it("names what the server found gone (a queue deleted since it was chosen), not a generic 'invalid value'", async () => {
    api(() => ({
      status: 400,
      body: {
        error: 'ERR_VALIDATION',
        message: 'Invalid flow',
        fields: {
          'definition.steps.1.conditions.0.route': ['Route to a queue that does not exist (id 7).'],
          'definition.steps.0.interactions.0.tagId': ['Tag that does not exist (id 3).'],
        },
        issues: {
          'definition.steps.1.conditions.0.route': [{ code: 'invalid', rule: 'flowReference' }],
          'definition.steps.0.interactions.0.tagId': [{ code: 'invalid', rule: 'flowReference' }],
        },
      },
    }));
    const { user } = renderBuilder();
    const panel = await selectStep(user, 'welcome');
    await user.type(within(panel).getByTestId('step-name'), ' 2');
    await waitFor(() => expect(screen.getByTestId('autosave-status')).toHaveAttribute('data-status', 'error'));
    const issues = screen.getByTestId('server-issues');
    expect(issues).toHaveTextContent('Este encaminhamento leva a uma fila, usuário ou canal que foi excluído. Escolha outro destino.');
    expect(issues).toHaveTextContent('A etiqueta escolhida foi excluída. Escolha outra.');
    expect(issues).not.toHaveTextContent('Valor inválido');
  });

  it('a route to a queue deleted since it was chosen is flagged as soon as the builder opens, at the route, and blocks publishing', async () => {
    fakeApi({ ...lists, 'GET /queue': () => ({ body: QUEUES.filter((queue) => queue.id !== 7) }) });
    const { user } = renderBuilder();
    const issues = await screen.findByTestId('draft-issues');
    expect(issues).toHaveTextContent('Problemas a corrigir antes de publicar: 1');
    expect(issues).toHaveTextContent('Etapa "Menu"');
    expect(issues).toHaveTextContent('Este encaminhamento leva a uma fila, usuário ou canal que foi excluído. Escolha outro destino.');
    expect(screen.getByTestId('builder-publish')).toBeDisabled();
    const panel = await selectStep(user, 'menu');
    expect(
      within(panel).getByText('Este encaminhamento leva a uma fila, usuário ou canal que foi excluído. Escolha outro destino.'),
    ).toBeVisible();
  });

  it('a draft the server cannot store yet (an empty step name) is not sent but kept locally', async () => {
    const calls = api().calls;
    const { user, unmount } = renderBuilder();
    const panel = await selectStep(user, 'support');
    await user.clear(within(panel).getByTestId('step-name'));
    await waitFor(() => expect(screen.getByTestId('autosave-status')).toHaveAttribute('data-status', 'invalid'));
    expect(puts(calls)).toHaveLength(0);
    unmount();
    renderBuilder();
    const again = await screen.findByTestId('step-node-support');
    expect(again).toHaveTextContent('(sem nome)');
  });

  it('publishes after a confirmation', async () => {
    const calls = api().calls;
    const { user } = renderBuilder();
    await user.click(await screen.findByTestId('builder-publish'));
    await user.click(await screen.findByTestId('confirm-button'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/chat-flow/1/publish')).toBe(true));
  });

  it('connects steps with the keyboard through the "route to" fields', async () => {
    api();
    const { user } = renderBuilder();
    const panel = await selectStep(user, 'support');
    // support → queue 8 becomes support → step Menu
    await user.click(within(panel).getByTestId('step-next-kind'));
    await user.click(await screen.findByRole('option', { name: 'Etapa', hidden: true }));
    await waitFor(() => expect(document.querySelectorAll('.react-flow__edge')).toHaveLength(4));
  });
});

describe('the "add tag" interaction', () => {
  it('is added from the menu with a choice among the active tags, saved in the draft, and shown by the test panel', async () => {
    const { calls } = api();
    const { user } = renderBuilder();
    const panel = await selectStep(user, 'welcome');
    const before = within(panel).getAllByTestId(/^interaction-\d+$/).length;
    await user.click(within(panel).getByTestId('interaction-add'));
    await user.click(await screen.findByTestId('interaction-add-tag'));
    expect(await screen.findByTestId('draft-issues')).toBeInTheDocument();
    const select = within(panel).getByTestId(`interaction-${before}-tag`);
    await user.click(select);
    // Only the active tags are offered.
    expect(screen.queryByRole('option', { name: /Antiga/, hidden: true })).toBeNull();
    await user.click(await screen.findByRole('option', { name: 'Lead quente', hidden: true }));
    await waitFor(() => expect(screen.queryByTestId('draft-issues')).toBeNull());

    await waitFor(
      () => {
        const saved = puts(calls).at(-1)?.body as { definition: FlowDraft } | undefined;
        const welcome = saved?.definition.steps.find((s) => s.id === 'welcome');
        expect(welcome?.interactions.at(-1)).toMatchObject({ kind: 'tag', tagId: 4 });
        expect(flowDefinitionSchema.safeParse(saved?.definition).success).toBe(true);
      },
      { timeout: 8000 },
    );

    await user.click(screen.getByTestId('builder-test'));
    await user.click(await screen.findByTestId('test-start'));
    await waitFor(() => expect(screen.getByTestId('test-transcript')).toHaveTextContent('(adiciona a etiqueta Lead quente)'));
  });
});

describe('the test panel', () => {
  it('runs the flow against typed messages with the shared decision function and shows the current step', async () => {
    api();
    const { user } = renderBuilder();
    await user.click(await screen.findByTestId('builder-test'));
    await user.click(await screen.findByTestId('test-start'));
    const transcript = screen.getByTestId('test-transcript');
    await waitFor(() => expect(transcript).toHaveTextContent('Olá, {{name}}!'));
    expect(transcript).toHaveTextContent('Bem-vindo à loja.');
    expect(transcript).toHaveTextContent('1 - Vendas');
    expect(screen.getByTestId('test-current-step')).toHaveTextContent('Menu');

    await user.type(screen.getByTestId('test-input'), 'três{Enter}');
    await waitFor(() => expect(transcript).toHaveTextContent('Não entendi.'));
    expect(screen.getByTestId('test-current-step')).toHaveTextContent('Menu');

    await user.type(screen.getByTestId('test-input'), '1{Enter}');
    await waitFor(() => expect(transcript).toHaveTextContent('(sai do bot: fila Vendas)'));
    expect(transcript).toHaveTextContent('Até logo.');
    expect(screen.getByTestId('test-current-step')).toHaveTextContent('fora do fluxo');
    expect(screen.getByTestId('test-input')).toBeDisabled();
  });

  it('asks to fix the flow when it is not valid', async () => {
    api();
    const broken: FlowDraft = { ...MENU_FLOW, steps: MENU_FLOW.steps.map((s) => (s.id === 'menu' ? { ...s, name: '' } : s)) };
    const { user } = renderBuilder(broken);
    await user.click(await screen.findByTestId('builder-test'));
    expect(await screen.findByTestId('test-invalid')).toHaveTextContent('Corrija os problemas do fluxo para testá-lo.');
  });
});

describe('the "AI (ChatGPT-style)" interaction', () => {
  it('is added from the menu with a provider and a prompt, saved in the draft, and shown by the test panel', async () => {
    const { calls } = api();
    const { user } = renderBuilder();
    const panel = await selectStep(user, 'welcome');
    const before = within(panel).getAllByTestId(/^interaction-\d+$/).length;
    await user.click(within(panel).getByTestId('interaction-add'));
    await user.click(await screen.findByTestId('interaction-add-ai'));
    await user.click(within(panel).getByTestId(`interaction-${before}-ai-provider`));
    // Providers the company has not set up are marked so.
    expect(await screen.findByRole('option', { name: 'ChatGPT (não configurado)', hidden: true })).toBeInTheDocument();
    await user.click(await screen.findByRole('option', { name: 'Claude', hidden: true }));
    await user.type(within(panel).getByTestId(`interaction-${before}-ai-prompt`), 'Seja breve.');
    await waitFor(
      () => {
        const saved = puts(calls).at(-1)?.body as { definition: FlowDraft } | undefined;
        const welcome = saved?.definition.steps.find((s) => s.id === 'welcome');
        expect(welcome?.interactions.at(-1)).toMatchObject({ kind: 'ai', provider: 'claude', prompt: 'Seja breve.' });
        expect(flowDefinitionSchema.safeParse(saved?.definition).success).toBe(true);
      },
      { timeout: 5000 },
    );
    await user.click(screen.getByTestId('builder-test'));
    await user.click(await screen.findByTestId('test-start'));
    await waitFor(() => expect(screen.getByTestId('test-transcript')).toHaveTextContent('Claude'));
  });
});

describe('the "Typebot" interaction', () => {
  it('is added from the menu, says whether Typebot is set up, is saved in the draft and shown by the test panel', async () => {
    const { calls } = api();
    const { user } = renderBuilder();
    const panel = await selectStep(user, 'welcome');
    const before = within(panel).getAllByTestId(/^interaction-\d+$/).length;
    await user.click(within(panel).getByTestId('interaction-add'));
    await user.click(await screen.findByTestId('interaction-add-typebot'));
    expect(await within(panel).findByTestId(`interaction-${before}-typebot`)).toHaveTextContent('O Typebot não está configurado');
    await waitFor(
      () => {
        const saved = puts(calls).at(-1)?.body as { definition: FlowDraft } | undefined;
        const welcome = saved?.definition.steps.find((s) => s.id === 'welcome');
        expect(welcome?.interactions.at(-1)).toMatchObject({ kind: 'typebot' });
        expect(flowDefinitionSchema.safeParse(saved?.definition).success).toBe(true);
      },
      { timeout: 5000 },
    );
    await user.click(screen.getByTestId('builder-test'));
    await user.click(await screen.findByTestId('test-start'));
    await waitFor(() => expect(screen.getByTestId('test-transcript')).toHaveTextContent('Typebot'));
  });
});
