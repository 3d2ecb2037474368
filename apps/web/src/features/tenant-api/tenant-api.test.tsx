import type { ApiCallLog, TenantApi } from '@conversa/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { menuFor } from '../../app/menus';
import { PATHS } from '../../app/paths';
import { fakeApi } from '../../test/fetch';
import { PHONE, setScreenSize } from '../../test/media';
import { renderWithApp } from '../../test/render';
import { signInAs } from '../../test/session';
import { TenantApiPage } from './pages/TenantApiPage';

const NOW = '2026-03-01T12:00:00.000Z';
const ID = '0b0c5e89-c480-4232-9349-fc12253cef50';
const TOKEN = `cva_${'a'.repeat(39)}Wxyz`;
const REVENDA: TenantApi = {
  id: ID,
  name: 'Revenda Sul',
  active: true,
  tokenMasked: 'cva_••••••••Wxyz',
  basePath: `/v1/api/admin/${ID}`,
  tenantCount: 4,
  createdAt: NOW,
  updatedAt: NOW,
};
const log = (id: number, status: number, errorCode: string | null = null): ApiCallLog => ({
  id,
  method: 'POST',
  route: '/createtenant',
  status,
  durationMs: 12,
  errorCode,
  createdAt: NOW,
});

beforeEach(() => signInAs('superadmin'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  setScreenSize(1280);
});

describe('/tenantApi', () => {
  it('is in the platform menu of the superadmin of tenant 1 only', () => {
    const paths = (profile: Parameters<typeof menuFor>[0], tenantId: number) =>
      menuFor(profile, tenantId).flatMap((group) => group.items.map((item) => item.path));
    expect(paths('superadmin', 1)).toContain(PATHS.tenantApi);
    expect(paths('admin', 1)).not.toContain(PATHS.tenantApi);
    expect(paths('superadmin', 2)).not.toContain(PATHS.tenantApi);
  });

  it('creates a token and shows it once in full, with a copy button and the base URL', async () => {
    let list: TenantApi[] = [];
    const api = fakeApi({
      'GET /tenant-api': () => ({ body: list }),
      'POST /tenant-api': ({ body }) => {
        list = [{ ...REVENDA, name: (body as { name: string }).name, tenantCount: 0 }];
        return { status: 201, body: { ...list[0], token: TOKEN } };
      },
    });
    const { user } = renderWithApp(<TenantApiPage />);
    expect(await screen.findByTestId('tenant-api-empty')).toHaveTextContent('Nenhum token criado ainda.');
    await user.click(screen.getByTestId('tenant-api-new'));
    await user.click(screen.getByTestId('tenant-api-save'));
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await user.type(screen.getByTestId('tenant-api-name'), 'Revenda Norte');
    await user.click(screen.getByTestId('tenant-api-save'));
    await waitFor(() => expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Revenda Norte', active: true }));
    expect(await screen.findByTestId('tenant-api-token')).toHaveTextContent(TOKEN);
    expect(screen.getByTestId('tenant-api-token-warning')).toHaveTextContent('não será mostrado de novo');
    expect(screen.getByTestId('tenant-api-base-url')).toHaveTextContent(`/v1/api/admin/${ID}`);
    expect(screen.getByTestId('tenant-api-token-copy')).toBeInTheDocument();
    await user.click(screen.getByTestId('tenant-api-token-done'));
    // Listed masked, never in full.
    const row = await screen.findByTestId(`tenant-api-row-${ID}`);
    expect(row).toHaveTextContent('cva_••••••••Wxyz');
    expect(document.body).not.toHaveTextContent(TOKEN);
  });

  it('regenerates only after confirmation and shows the new token once', async () => {
    const api = fakeApi({
      'GET /tenant-api': () => ({ body: [REVENDA] }),
      'PUT /tenant-api/:id/renew-token': () => ({ body: { ...REVENDA, token: TOKEN } }),
    });
    const { user } = renderWithApp(<TenantApiPage />);
    await user.click(await screen.findByTestId(`tenant-api-renew-${ID}`));
    expect(await screen.findByText(/deixa de funcionar na hora/)).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false);
    await user.click(screen.getByTestId('confirm-button'));
    expect(await screen.findByTestId('tenant-api-token')).toHaveTextContent(TOKEN);
    expect(api.calls.filter((c) => c.path === `/tenant-api/${ID}/renew-token`)).toHaveLength(1);
  });

  it('deactivates with the switch and deletes after confirmation', async () => {
    const api = fakeApi({
      'GET /tenant-api': () => ({ body: [REVENDA] }),
      'PUT /tenant-api/:id': ({ body }) => ({ body: { ...REVENDA, ...(body as object) } }),
      'DELETE /tenant-api/:id': () => ({ status: 204, body: null }),
    });
    const { user } = renderWithApp(<TenantApiPage />);
    await user.click(await screen.findByTestId(`tenant-api-toggle-${ID}`));
    await waitFor(() => expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({ name: 'Revenda Sul', active: false }));
    await user.click(screen.getByTestId(`tenant-api-delete-${ID}`));
    expect(await screen.findByText(/As empresas criadas por ele continuam existindo/)).toBeInTheDocument();
    await user.click(screen.getByTestId('confirm-button'));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'DELETE' && c.path === `/tenant-api/${ID}`)).toBe(true));
  });

  it('shows the call log a page at a time, and fits a phone', async () => {
    setScreenSize(PHONE);
    const api = fakeApi({
      'GET /tenant-api': () => ({ body: [REVENDA] }),
      'GET /tenant-api/:id/logs': ({ query }) =>
        query.get('page') === '2'
          ? { body: { logs: [log(1, 201)], hasMore: false } }
          : { body: { logs: [log(3, 404, 'ERR_NO_PLAN_FOUND'), log(2, 201)], hasMore: true } },
    });
    const { user } = renderWithApp(<TenantApiPage />);
    await user.click(await screen.findByTestId(`tenant-api-logs-${ID}`));
    const table = await screen.findByTestId('tenant-api-logs');
    expect(await within(table).findByText('404 ERR_NO_PLAN_FOUND')).toBeInTheDocument();
    expect(within(table).getAllByText('POST /createtenant')).toHaveLength(2);
    await user.click(screen.getByTestId('tenant-api-logs-next'));
    await waitFor(() => expect(api.calls.some((c) => c.query.get('page') === '2')).toBe(true));
    expect(await screen.findByTestId('tenant-api-logs-next')).toBeDisabled();
  });
});
