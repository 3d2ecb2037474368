import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fetch';
import { renderWithApp } from '../../../test/render';
import { LimitedAddButton } from './LimitedAddButton';

afterEach(() => vi.unstubAllGlobals());

describe('the new-channel button with the connection limit (GET /tenants/usage/)', () => {
  it('counts the channels against the limit; at the limit it is off and the tooltip says why', async () => {
    fakeApi({ 'GET /tenants/usage/': () => ({ body: { maxUsers: 10, users: 2, maxConnections: 1, connections: 1 } }) });
    const onClick = vi.fn();
    const { user } = renderWithApp(
      <LimitedAddButton resource="connections" label="Nova conexão" onClick={onClick} testId="channels-new" />,
    );
    await waitFor(() => expect(screen.getByTestId('channels-new-usage')).toHaveTextContent('1 de 1 conexão'));
    expect(screen.getByTestId('channels-new')).toBeDisabled();
    await user.hover(screen.getByTestId('channels-new').parentElement!);
    expect(await screen.findByText(/O plano permite 1 conexão\. Para criar outra, exclua uma conexão/)).toBeInTheDocument();
    expect(onClick).not.toHaveBeenCalled();
  });

  it('without the figures (the request failed) the button works as before: the server still checks the limit', async () => {
    const api = fakeApi({ 'GET /tenants/usage/': () => ({ status: 500, body: { error: 'ERR_INTERNAL', message: 'x' } }) });
    const onClick = vi.fn();
    const { user } = renderWithApp(
      <LimitedAddButton resource="connections" label="Nova conexão" onClick={onClick} testId="channels-new" />,
    );
    await waitFor(() => expect(api.calls.some((call) => call.path === '/tenants/usage/')).toBe(true));
    await user.click(screen.getByTestId('channels-new'));
    expect(onClick).toHaveBeenCalled();
    expect(screen.queryByTestId('channels-new-usage')).toBeNull();
  });
});
