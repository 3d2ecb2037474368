import type { Message } from '@conversa/shared';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderBubble } from '../render-bubble';

const message = (overrides: Partial<Message>): Message => ({
  id: '5b0c6c3e-8f7a-4c52-9d3c-1a2b3c4d5e6f',
  messageId: null,
  ticketId: 7,
  contactId: 3,
  fromMe: true,
  body: 'Seu pedido saiu para entrega',
  mediaType: null,
  mediaName: null,
  mediaUrl: null,
  status: 'sent',
  ack: 1,
  edited: false,
  deleted: false,
  quotedMsg: null,
  clientId: null,
  transcript: null,
  transcriptStatus: null,
  userId: 1,
  senderName: null,
  timestamp: '2026-11-25T12:00:00.000Z',
  createdAt: '2026-11-25T12:00:00.000Z',
  ...overrides,
});

const bubble = renderBubble;

describe('an agent message that may not have reached the contact', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('an unconfirmed send says so and offers to resend it; resending sends the same message again', async () => {
    const unconfirmed = message({ status: 'unconfirmed', ack: 0 });
    const fetch = vi.fn().mockResolvedValue(
      new Response(JSON.stringify({ ...unconfirmed, status: 'pending' }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
    );
    vi.stubGlobal('fetch', fetch);
    const { user } = bubble(unconfirmed);
    expect(screen.getByTestId(`message-status-${unconfirmed.id}`)).toHaveAttribute('aria-label', 'Envio não confirmado');
    expect(screen.getByText('O envio foi interrompido e pode não ter chegado. Confira com o cliente antes de reenviar.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Reenviar' }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(`/messages/${unconfirmed.id}/resend`);
    expect(init.method).toBe('POST');
  });

  it('a failed send offers to resend it too', () => {
    const failed = message({ status: 'failed', ack: 0 });
    bubble(failed);
    expect(screen.getByText('Não foi possível enviar a mensagem.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Reenviar' })).toBeVisible();
  });

  it('nothing to resend for a sent message or a customer message', () => {
    bubble(message({ status: 'delivered', ack: 2 }));
    bubble(message({ id: 'b1c2d3e4-0000-4000-8000-000000000001', fromMe: false, status: 'received', userId: null }));
    expect(screen.queryByRole('button', { name: 'Reenviar' })).toBeNull();
  });
});
