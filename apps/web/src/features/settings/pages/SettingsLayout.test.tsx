import { SETTING_DEFINITIONS, type Setting } from '@conversa/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fetch';
import { PHONE, setScreenSize } from '../../../test/media';
import { renderWithApp } from '../../../test/render';
import { signInAs } from '../../../test/session';
import { GeneralSettingsPage } from './GeneralSettingsPage';
import { SettingsLayout } from './SettingsLayout';

afterEach(() => vi.unstubAllGlobals());

const settings = () => Object.entries(SETTING_DEFINITIONS).map(([key, d]) => ({ key, value: d.default }) as Setting);

function renderSettings(route: string) {
  return renderWithApp(
    <Routes>
      <Route path="/configuracoes" element={<SettingsLayout />}>
        <Route path="geral" element={<GeneralSettingsPage />} />
        <Route path="motivos" element={<p data-testid="motivos-screen">motivos</p>} />
        <Route path="lanes" element={<p data-testid="lanes-screen">lanes</p>} />
      </Route>
    </Routes>,
    { route },
  );
}

describe('/configuracoes: the tabs', () => {
  it('groups the built tabs as SPEC §2 (General; Bots and AI with Typebot, Dialogflow, the eight LLM providers, n8n and Dify; Integrations with webhooks, Meta, SMS, Hub, WuzAPI, Evolution and SMTP; CRM with kanban lanes, reasons and variables) and no tab of what is not built', async () => {
    fakeApi({ 'GET /settings/': () => ({ body: settings() }) });
    const { user } = renderSettings('/configuracoes/geral');
    await screen.findByTestId('settings-general');
    expect(
      within(screen.getByTestId('settings-group-general'))
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Geral']);
    expect(
      within(screen.getByTestId('settings-group-crm'))
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Kanban', 'Motivos', 'Variáveis']);
    expect(
      within(screen.getByTestId('settings-group-bots'))
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Typebot', 'Dialogflow', 'ChatGPT', 'LM Studio', 'Ollama', 'Grok', 'Gemini', 'DeepSeek', 'Qwen', 'Claude', 'n8n', 'Dify']);
    expect(
      within(screen.getByTestId('settings-group-integrations'))
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Webhooks', 'Meta', 'SMS', 'Hub', 'WuzAPI', 'Evolution', 'SMTP']);
    expect(screen.getAllByTestId(/^settings-group-/).map((group) => group.dataset.testid)).toEqual([
      'settings-group-general',
      'settings-group-bots',
      'settings-group-integrations',
      'settings-group-crm',
    ]);
    expect(screen.getAllByRole('tab')).toHaveLength(23);
    await user.click(screen.getByTestId('settings-tab-motivos'));
    expect(await screen.findByTestId('motivos-screen')).toBeInTheDocument();
    expect(screen.getByTestId('settings-tab-motivos')).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByTestId('settings-tab-lanes'));
    expect(await screen.findByTestId('lanes-screen')).toBeInTheDocument();
  });

  it("shows Pagamentos last among the Integrations (SPEC §2: after smtp) to a company's admins and the platform superadmin, not to tenant 1's other admins", async () => {
    const integrations = () =>
      within(screen.getByTestId('settings-group-integrations'))
        .getAllByRole('tab')
        .map((tab) => tab.textContent);
    for (const [profile, tenantId, shown] of [
      ['admin', 9, true],
      ['superadmin', 1, true],
      ['admin', 1, false],
    ] as const) {
      signInAs(profile, { tenantId });
      fakeApi({ 'GET /settings/': () => ({ body: settings() }) });
      const view = renderSettings('/configuracoes/geral');
      await screen.findByTestId('settings-general');
      expect(integrations(), `${profile} of ${tenantId}`).toEqual([
        'Webhooks',
        'Meta',
        'SMS',
        'Hub',
        'WuzAPI',
        'Evolution',
        'SMTP',
        ...(shown ? ['Pagamentos'] : []),
      ]);
      view.unmount();
    }
  });

  it('works on a 390 px phone', async () => {
    setScreenSize(PHONE);
    fakeApi({ 'GET /settings/': () => ({ body: settings() }) });
    renderSettings('/configuracoes/motivos');
    expect(await screen.findByTestId('motivos-screen')).toBeVisible();
    expect(screen.getByTestId('settings-tab-motivos')).toBeVisible();
  });
});

describe('the general settings of issue 11', () => {
  it('shows the visibility, supervisor, list-size, internal-chat page and reason settings with their descriptions and saves them', async () => {
    let stored = settings();
    const api = fakeApi({
      'GET /settings/': () => ({ body: stored }),
      'PUT /settings/:key': ({ path, body }) => {
        const key = path.split('/').pop() as Setting['key'];
        stored = stored.map((s) => (s.key === key ? { key, value: (body as { value: string }).value } : s));
        return { body: { key, value: (body as { value: string }).value } };
      },
    });
    const { user } = renderSettings('/configuracoes/geral');
    const closed = await screen.findByRole('switch', { name: 'Mostrar atendimentos resolvidos para todos' });
    expect(closed).toBeChecked();
    expect(closed).toHaveAccessibleDescription(/vê só os atendimentos resolvidos que atendeu/);
    expect(screen.getByRole('switch', { name: 'Mostrar grupos para todos' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Supervisores seguem a regra dos usuários' })).not.toBeChecked();
    const required = screen.getByRole('switch', { name: 'Exigir motivo ao resolver' });
    expect(required).toHaveAccessibleDescription(/Encerramentos automáticos \(bot, inatividade, avaliação\) não são barrados/);
    await user.click(closed);
    await user.click(required);
    await user.selectOptions(screen.getByTestId('setting-ticketListLimit'), '20');
    const privateLimit = screen.getByRole('combobox', { name: 'Mensagens do chat interno por página' });
    expect(privateLimit).toHaveValue('30');
    await user.selectOptions(privateLimit, '50');
    await waitFor(() =>
      expect(api.calls.filter((c) => c.method === 'PUT').map((c) => [c.path, c.body])).toEqual([
        ['/settings/mostrarFechadoParaTodos', { value: 'disabled' }],
        ['/settings/demandRequiredOnClose', { value: 'enabled' }],
        ['/settings/ticketListLimit', { value: '20' }],
        ['/settings/privateMessageLimit', { value: '50' }],
      ]),
    );
    expect(screen.getByText('Quantidade de atendimentos por página')).toBeInTheDocument();
  });
});
