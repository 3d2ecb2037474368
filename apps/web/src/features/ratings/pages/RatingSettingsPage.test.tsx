import { DEFAULT_RATING_SETTINGS, ratingSettingsSchema } from '@conversa/shared';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fetch';
import { expectFieldError, field } from '../../../test/form';
import { renderWithApp } from '../../../test/render';
import { RatingSettingsPage } from './RatingSettingsPage';

afterEach(() => vi.unstubAllGlobals());

describe('/avaliacoes/configurar', () => {
  it('shows the saved settings and saves what the server schema accepts', async () => {
    const api = fakeApi({
      'GET /tenants/rating/': () => ({ body: DEFAULT_RATING_SETTINGS }),
      'PUT /tenants/rating/': ({ body }) => ({ body }),
    });
    const { user } = renderWithApp(<RatingSettingsPage />);
    await waitFor(() => expect(field('Agradecimento')).toHaveValue(DEFAULT_RATING_SETTINGS.thanksMessage));
    await user.clear(field('Agradecimento'));
    await user.paste('Valeu, ');
    await user.click(screen.getByTestId('rating-thanks-message-variables'));
    await user.click(await screen.findByTestId('rating-thanks-message-variables-firstName'));
    expect(field('Agradecimento')).toHaveValue('Valeu, {{firstName}}');
    await user.clear(field('Tentativas de resposta'));
    await user.type(field('Tentativas de resposta'), '5');
    await user.click(screen.getByTestId('rating-settings-save'));

    await waitFor(() => expect(api.calls.some((call) => call.method === 'PUT')).toBe(true));
    const put = api.calls.find((call) => call.method === 'PUT');
    expect(put?.body).toEqual({ ...DEFAULT_RATING_SETTINGS, thanksMessage: 'Valeu, {{firstName}}', maxAttempts: 5 });
    expect(ratingSettingsSchema.safeParse(put?.body).success).toBe(true);
  });

  it('refuses missing attempts, an empty text and an unknown variable before sending (the attempts field keeps to 1–10)', async () => {
    const api = fakeApi({ 'GET /tenants/rating/': () => ({ body: DEFAULT_RATING_SETTINGS }) });
    const { user } = renderWithApp(<RatingSettingsPage />);
    await waitFor(() => expect(field('Pedido de avaliação')).not.toBeDisabled());
    await user.clear(field('Tentativas de resposta'));
    await user.clear(field('Resposta fora da escala'));
    await user.clear(field('Pedido de avaliação'));
    await user.paste('Nota para {{atendente}}');
    await expectFieldError('Pedido de avaliação', 'Variável desconhecida: {{atendente}}. Use as variáveis da lista.');
    await user.click(screen.getByTestId('rating-settings-save'));

    await expectFieldError('Tentativas de resposta', 'Este campo é obrigatório.');
    await expectFieldError('Resposta fora da escala', 'Este campo é obrigatório.');
    await expectFieldError('Pedido de avaliação', 'Há uma variável desconhecida. Use apenas as variáveis da lista.');
    expect(api.calls.filter((call) => call.method === 'PUT')).toEqual([]);
  });
});
