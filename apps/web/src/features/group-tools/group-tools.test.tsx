import type { GroupAction, GroupBatch } from '@conversa/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { Navigate, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, type ApiCall } from '../../test/fetch';
import { PHONE, setScreenSize } from '../../test/media';
import { renderWithApp } from '../../test/render';
import { signInAs } from '../../test/session';
import { GroupToolsLayout } from './pages/GroupToolsLayout';
import {
  BanListPage,
  FarewellPage,
  GreetingPage,
  MassGroups2Page,
  MassGroupsPage,
  MassUsersPage,
  WordListPage,
} from './pages/GroupToolPages';

const NOW = '2026-01-01T10:00:00.000Z';
const G1 = '120363025246125888@g.us';
const G2 = '120363099999999999@g.us';
const CHANNELS = [
  { id: 3, name: 'WhatsApp Loja', type: 'baileys', status: 'connected' },
  { id: 4, name: 'WhatsApp Parado', type: 'baileys', status: 'disconnected' },
];
const GROUPS = [
  { jid: G1, subject: 'Clientes VIP', isAdmin: true, adminsOnly: false, size: 2, participants: [] },
  { jid: G2, subject: 'Avisos', isAdmin: false, adminsOnly: false, size: 1, participants: [] },
];
const SETTINGS = { whatsappId: 3, greeting: 'Olá!', farewell: 'Tchau!', wordAction: 'warn', wordWarning: '' };

function action(overrides: Partial<GroupAction> = {}): GroupAction {
  return {
    id: 1,
    whatsappId: 3,
    batchId: 9,
    userId: 1,
    userName: 'Ana Admin',
    groupJid: G1,
    groupSubject: 'Clientes VIP',
    action: 'add',
    target: '5511922220000',
    status: 'done',
    reason: null,
    detail: null,
    createdAt: NOW,
    finishedAt: NOW,
    ...overrides,
  };
}

function batch(kind: GroupBatch['kind'], items: GroupAction[]): GroupBatch {
  return {
    id: 9,
    whatsappId: 3,
    kind,
    status: 'finished',
    delaySeconds: 0,
    total: items.length,
    done: 1,
    failed: items.length - 1,
    createdAt: NOW,
    finishedAt: NOW,
    items,
  };
}

function groupApi(extra: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    ...extra,
    'GET /group-tools/channels': () => ({ body: CHANNELS }),
    'GET /group-tools/channels/:id/groups': () => ({ body: GROUPS }),
    'GET /group-tools/actions': () => ({
      body: { actions: [action({ id: 5, action: 'banRemove', userId: null, userName: null })], hasMore: false },
    }),
  });
}

const posts = (calls: ApiCall[], path: string) => calls.filter((c) => c.method === 'POST' && c.path === path).map((c) => c.body);

async function pickChannel(user: ReturnType<typeof renderWithApp>['user'], name = 'WhatsApp Loja') {
  await user.click(screen.getByTestId('group-channel'));
  await user.click(await screen.findByRole('option', { name, hidden: true }));
}

async function pickGroups(user: ReturnType<typeof renderWithApp>['user'], ...names: string[]) {
  for (const name of names) {
    await user.click(screen.getByTestId('group-groups'));
    await user.click(await screen.findByRole('option', { name, hidden: true }));
  }
}

beforeEach(() => signInAs('admin'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/grupo', () => {
  it('redirects to massagrupos, shows the seven tabs and the action log (automatic actions named so)', async () => {
    groupApi();
    renderWithApp(
      <Routes>
        <Route path="/grupo" element={<GroupToolsLayout />}>
          <Route index element={<Navigate to="massagrupos" replace />} />
          <Route path="massagrupos" element={<MassGroupsPage />} />
        </Route>
      </Routes>,
      { route: '/grupo' },
    );
    expect(await screen.findByTestId('group-massagrupos')).toBeInTheDocument();
    for (const tab of ['massagrupos', 'massagrupos2', 'massausuarios', 'banlist', 'wordlist', 'saudacao', 'despedida'])
      expect(screen.getByTestId(`group-tab-${tab}`)).toBeInTheDocument();
    expect(screen.getByTestId('group-tab-massagrupos')).toHaveAttribute('aria-selected', 'true');
    const row = await screen.findByTestId('group-action-5');
    expect(row).toHaveTextContent('Removido (banido)');
    expect(row).toHaveTextContent('Automático');
  });

  it('massagrupos: only connected channels; groups are required; sends the message and shows each group’s result', async () => {
    const api = groupApi({
      'POST /group-tools/batches': () => ({ status: 201, body: batch('send', [action({ action: 'send', target: null })]) }),
      'GET /group-tools/batches/:id': () => ({ body: batch('send', [action({ action: 'send', target: null })]) }),
    });
    const { user } = renderWithApp(<MassGroupsPage />);
    await user.click(await screen.findByTestId('group-channel'));
    expect(await screen.findByRole('option', { name: 'WhatsApp Loja', hidden: true })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'WhatsApp Parado', hidden: true })).toBeNull();
    await user.click(await screen.findByRole('option', { name: 'WhatsApp Loja', hidden: true }));
    await user.click(screen.getByTestId('group-message'));
    await user.paste('Promoção hoje!');
    await user.click(screen.getByTestId('group-send'));
    expect(await screen.findByText('Escolha pelo menos um grupo.')).toBeInTheDocument();
    expect(posts(api.calls, '/group-tools/batches')).toEqual([]);

    await pickGroups(user, 'Clientes VIP', 'Avisos (não é admin)');
    await user.click(screen.getByTestId('group-send'));
    await waitFor(() =>
      expect(posts(api.calls, '/group-tools/batches')).toEqual([
        { kind: 'send', whatsappId: 3, groupJids: [G1, G2], body: 'Promoção hoje!', delaySeconds: 5 },
      ]),
    );
    expect(await screen.findByTestId('group-batch-counts')).toHaveTextContent('1 concluídos, 0 com falha de 1');
  });

  it('massagrupos2: at least one change; applies a new name and admins-only', async () => {
    const api = groupApi({
      'POST /group-tools/batches': () => ({ status: 201, body: batch('settings', [action({ action: 'settings', target: null })]) }),
      'GET /group-tools/batches/:id': () => ({ body: batch('settings', [action({ action: 'settings', target: null })]) }),
    });
    const { user } = renderWithApp(<MassGroups2Page />);
    await screen.findByTestId('group-channel');
    await pickChannel(user);
    await pickGroups(user, 'Clientes VIP');
    await user.click(screen.getByTestId('group-apply'));
    expect(await screen.findByTestId('group-changes-error')).toHaveTextContent('Escolha pelo menos uma alteração.');
    await user.click(screen.getByTestId('group-change-subject'));
    await user.type(screen.getByTestId('group-subject'), 'VIP 2026');
    await user.click(screen.getByTestId('group-change-permission'));
    await user.click(screen.getByTestId('group-admins-only'));
    await user.click(screen.getByTestId('group-apply'));
    await waitFor(() =>
      expect(posts(api.calls, '/group-tools/batches')).toEqual([
        { kind: 'settings', whatsappId: 3, groupJids: [G1], subject: 'VIP 2026', adminsOnly: true },
      ]),
    );
  });

  it('massausuarios: removing asks first; the per-group results show why one failed', async () => {
    const items = [
      action({ action: 'remove' }),
      action({ id: 2, groupJid: G2, groupSubject: 'Avisos', action: 'remove', status: 'failed', reason: 'notAdmin' }),
    ];
    const api = groupApi({
      'POST /group-tools/batches': () => ({ status: 201, body: batch('remove', items) }),
      'GET /group-tools/batches/:id': () => ({ body: batch('remove', items) }),
    });
    const { user } = renderWithApp(<MassUsersPage />);
    await screen.findByTestId('group-channel');
    await pickChannel(user);
    await pickGroups(user, 'Clientes VIP', 'Avisos (não é admin)');
    await user.click(screen.getByRole('radio', { name: 'Remover' }));
    await user.click(screen.getByTestId('group-numbers'));
    await user.paste('+55 (11) 92222-0000; 5511933330000');
    await user.click(screen.getByTestId('group-run'));
    const dialog = await screen.findByTestId('confirm-modal');
    expect(dialog).toHaveTextContent('Remover 2 número(s) de 2 grupo(s)?');
    expect(posts(api.calls, '/group-tools/batches')).toEqual([]);
    await user.click(within(dialog).getByTestId('confirm-button'));
    await waitFor(() =>
      expect(posts(api.calls, '/group-tools/batches')).toEqual([
        { kind: 'remove', whatsappId: 3, groupJids: [G1, G2], numbers: ['5511922220000', '5511933330000'], delaySeconds: 2 },
      ]),
    );
    expect(await screen.findByTestId('group-batch-item-2')).toHaveTextContent('Falhou · a conexão não é admin do grupo');
  });

  it('banlist: bans a number from all groups; lifting a ban asks first', async () => {
    const api = groupApi({
      'GET /group-tools/bans': () => ({
        body: [{ id: 7, whatsappId: 3, number: '5511911110000', groupJid: G1, groupSubject: 'Clientes VIP', createdAt: NOW }],
      }),
      'POST /group-tools/bans': ({ body }) => ({ status: 201, body: { id: 8, ...(body as object), groupSubject: null, createdAt: NOW } }),
      'DELETE /group-tools/bans/:id': () => ({ status: 204, body: null }),
    });
    const { user } = renderWithApp(<BanListPage />);
    expect(await screen.findByTestId('group-ban-7')).toHaveTextContent('Clientes VIP');
    await user.click(screen.getByTestId('group-ban-save'));
    expect(await screen.findByText('Escolha a conexão.')).toBeInTheDocument();
    await pickChannel(user, 'WhatsApp Parado');
    await user.type(screen.getByTestId('group-ban-number'), '+55 11 94444-0000');
    await user.click(screen.getByTestId('group-ban-save'));
    await waitFor(() =>
      expect(posts(api.calls, '/group-tools/bans')).toEqual([{ whatsappId: 4, number: '5511944440000', groupJid: null }]),
    );

    await user.click(screen.getByTestId('group-ban-delete-7'));
    const dialog = await screen.findByTestId('confirm-modal');
    expect(dialog).toHaveTextContent('Tirar 5511911110000 da lista de banidos?');
    await user.click(within(dialog).getByTestId('confirm-button'));
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/group-tools/bans/7']));
  });

  it('wordlist: words are written in lowercase as typed; the author’s fate is saved with the channel', async () => {
    const api = groupApi({
      'GET /group-tools/words': () => ({ body: [{ id: 2, whatsappId: 3, word: 'golpe', createdAt: NOW }] }),
      'POST /group-tools/words': ({ body }) => ({ status: 201, body: { id: 3, ...(body as object), createdAt: NOW } }),
      'GET /group-tools/settings/:id': () => ({ body: SETTINGS }),
      'PUT /group-tools/settings/:id': ({ body }) => ({ body: { whatsappId: 3, ...(body as object) } }),
    });
    const { user } = renderWithApp(<WordListPage />);
    expect(await screen.findByTestId('group-word-2')).toHaveTextContent('golpe');
    await pickChannel(user);
    await user.type(screen.getByTestId('group-word'), 'PalavRÃO');
    expect(screen.getByTestId('group-word')).toHaveValue('palavrão');
    await user.click(screen.getByTestId('group-word-add'));
    await waitFor(() => expect(posts(api.calls, '/group-tools/words')).toEqual([{ whatsappId: 3, word: 'palavrão' }]));

    await user.click(await screen.findByTestId('group-word-remove'));
    await user.click(screen.getByTestId('group-word-settings-save'));
    await waitFor(() =>
      expect(api.calls.filter((c) => c.method === 'PUT').map((c) => [c.path, c.body])).toEqual([
        ['/group-tools/settings/3', { whatsappId: 3, greeting: 'Olá!', farewell: 'Tchau!', wordAction: 'remove', wordWarning: '' }],
      ]),
    );
  });

  it.each([
    ['saudacao', GreetingPage, 'greeting'],
    ['despedida', FarewellPage, 'farewell'],
  ] as const)('%s: edits the channel’s text and keeps the other settings', async (tab, Page, field) => {
    setScreenSize(PHONE);
    const api = groupApi({
      'GET /group-tools/settings/:id': () => ({ body: SETTINGS }),
      'PUT /group-tools/settings/:id': ({ body }) => ({ body: { whatsappId: 3, ...(body as object) } }),
    });
    const { user } = renderWithApp(<Page />);
    expect(await screen.findByTestId(`group-${tab}`)).toBeVisible();
    await pickChannel(user);
    const text = await screen.findByTestId('group-text');
    expect(text).toHaveValue(SETTINGS[field]);
    await user.clear(text);
    await user.type(text, 'Novo texto');
    await user.click(screen.getByTestId('group-text-save'));
    await waitFor(() =>
      expect(api.calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ ...SETTINGS, [field]: 'Novo texto' }]),
    );
  });
});
