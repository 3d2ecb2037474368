import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../test/render';
import { SettingsCardHeader } from './SettingsCardHeader';

const status = { configured: 'Configurado', notConfigured: 'Não configurado' };

describe('SettingsCardHeader', () => {
  it('names the provider, says whether it is set up and what it does', () => {
    renderWithApp(
      <SettingsCardHeader title="Twilio" configured status={status} statusTestId="x-status" intro="Envia SMS pelos seus números." />,
    );
    expect(screen.getByRole('heading', { name: 'Twilio' })).toBeTruthy();
    expect(screen.getByTestId('x-status').textContent).toBe('Configurado');
    expect(screen.getByText('Envia SMS pelos seus números.')).toBeTruthy();
  });

  it('says so when the provider is not set up', () => {
    renderWithApp(<SettingsCardHeader title="Twilio" configured={false} status={status} statusTestId="x-status" intro="Envia SMS." />);
    expect(screen.getByTestId('x-status').textContent).toBe('Não configurado');
  });
});
