import type { AdminPlan } from '@conversa/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fetch';
import { field } from '../../../test/form';
import { renderWithApp } from '../../../test/render';
import { signInAs } from '../../../test/session';
import { PlansPage } from './PlansPage';

const PLANS: AdminPlan[] = [
  { id: 3, name: 'Essencial', value: 149.9, users: 5, connections: 2, trial: true, trialDays: 7, companies: 3 },
  { id: 4, name: 'Grátis', value: 0, users: 2, connections: 1, trial: false, trialDays: 0, companies: 0 },
];

afterEach(() => vi.unstubAllGlobals());

describe('/planos', { timeout: 60_000 }, () => {
  it('lists how many companies are on each plan, and asks before new limits reach them', async () => {
    signInAs('superadmin');
    const api = fakeApi({
      'GET /plans/': () => ({ body: PLANS }),
      'PUT /plans/:id': ({ body }) => ({ body: { ...PLANS[0], ...(body as object) } }),
    });
    const { user } = renderWithApp(<PlansPage />);
    const row = await screen.findByTestId('plan-row-3');
    expect(within(row).getByText('Essencial')).toBeVisible();
    expect(within(row).getByText('3')).toBeVisible();
    expect(within(screen.getByTestId('plan-row-4')).getByText('0')).toBeVisible();

    await user.click(screen.getByTestId('plan-edit-3'));
    await user.clear(field('Conexões'));
    await user.type(field('Conexões'), '1');
    await user.click(screen.getByTestId('plan-save'));
    expect(await screen.findByText('3 empresas usam este plano; os novos limites de usuários e conexões valem para elas.')).toBeVisible();
    expect(api.calls.filter((call) => call.method === 'PUT')).toEqual([]);
    await user.click(screen.getByTestId('confirm-button'));
    await waitFor(() => expect(api.calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
    expect(api.calls.find((call) => call.method === 'PUT')).toMatchObject({ path: '/plans/3', body: { connections: 1, users: 5 } });
  });
});
