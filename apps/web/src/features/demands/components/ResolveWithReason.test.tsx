import { SETTING_DEFINITIONS, type Demand, type Setting, type Ticket } from '@conversa/shared';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fetch';
import { renderWithApp } from '../../../test/render';
import { signInAs } from '../../../test/session';
import { ChatHeader } from '../../tickets/components/ChatHeader';
import { buildTicket } from '../../tickets/test-support';

/** The chat's resolve dialog with the reasons (SPEC Demand) and the setting demandRequiredOnClose. */
const DEMANDS: Demand[] = [
  { id: 4, name: 'Dúvida resolvida', ticketCount: 0, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' },
  { id: 5, name: 'Venda realizada', ticketCount: 2, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' },
];
const TICKET: Ticket = buildTicket({
  id: 31,
  status: 'open',
  userId: 7,
  username: 'Ana Souza',
  contact: { id: 9, name: 'Carla', number: null, email: null, profilePicUrl: null, blocked: false },
});
const settings = (required: boolean): Setting[] =>
  Object.entries(SETTING_DEFINITIONS).map(
    ([key, d]) => ({ key, value: key === 'demandRequiredOnClose' && required ? 'enabled' : d.default }) as Setting,
  );

function api(required: boolean) {
  return fakeApi({
    'GET /queue': () => ({ body: [] }),
    'GET /farewellMessages': () => ({ body: [] }),
    'GET /demands': () => ({ body: DEMANDS }),
    'GET /settings/': () => ({ body: settings(required) }),
    'PUT /tickets/:id': ({ body }) => ({
      body: { ...TICKET, status: 'closed', demand: { id: (body as { demandId: number }).demandId, name: 'Venda realizada' } },
    }),
  });
}

beforeEach(() => signInAs('user', { userId: 7 }));
afterEach(() => vi.unstubAllGlobals());

describe('resolving with a reason', () => {
  it('sends the reason picked with the resolve', async () => {
    const fake = api(false);
    const { user } = renderWithApp(<ChatHeader ticket={TICKET} panelOpen={false} onTogglePanel={() => undefined} />);
    await user.click(screen.getByTestId('ticket-resolve'));
    await user.click(await screen.findByTestId('resolve-demand'));
    await user.click(await screen.findByRole('option', { name: 'Venda realizada', hidden: true }));
    await user.click(screen.getByTestId('confirm-button'));
    await waitFor(() => expect(fake.calls.find((c) => c.method === 'PUT')?.body).toEqual({ status: 'closed', demandId: 5 }));
  });

  it('with the reason required, refuses to send without one and says why; then sends it', async () => {
    const fake = api(true);
    const { user } = renderWithApp(<ChatHeader ticket={TICKET} panelOpen={false} onTogglePanel={() => undefined} />);
    await user.click(screen.getByTestId('ticket-resolve'));
    const select = await screen.findByTestId('resolve-demand');
    await screen.findByText('Obrigatório para resolver o atendimento.');
    await user.click(screen.getByTestId('confirm-button'));
    expect(await screen.findByText('Escolha o motivo para resolver o atendimento.')).toBeInTheDocument();
    expect(fake.calls.filter((c) => c.method === 'PUT')).toEqual([]);
    await user.click(select);
    await user.click(await screen.findByRole('option', { name: 'Dúvida resolvida', hidden: true }));
    await user.click(screen.getByTestId('confirm-button'));
    await waitFor(() => expect(fake.calls.find((c) => c.method === 'PUT')?.body).toEqual({ status: 'closed', demandId: 4 }));
  });

  it("shows a resolved ticket's reason in the header", () => {
    api(false);
    renderWithApp(
      <ChatHeader
        ticket={{ ...TICKET, status: 'closed', demand: { id: 5, name: 'Venda realizada' } }}
        panelOpen={false}
        onTogglePanel={() => undefined}
      />,
    );
    expect(screen.getByTestId('chat-demand')).toHaveTextContent('Motivo: Venda realizada');
  });
});
