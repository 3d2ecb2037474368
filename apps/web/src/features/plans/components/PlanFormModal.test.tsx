import { planBodySchema, updatePlanBodySchema, type Plan } from '@conversa/shared';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fetch';
import { expectFieldError, field } from '../../../test/form';
import { renderWithApp } from '../../../test/render';
import { PlanFormModal } from './PlanFormModal';

const PLAN: Plan = { id: 4, name: 'Pro', value: 199, connections: 3, users: 10, trial: true, trialDays: 7 };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the plan form validates with the server schema (planBodySchema)', () => {
  it('refuses what POST /plans refuses, translated under each field, and sends nothing', async () => {
    const api = fakeApi({ 'POST /plans': ({ body }) => ({ status: 201, body: { id: 9, ...(body as object) } }) });
    const { user } = renderWithApp(<PlanFormModal plan={null} onClose={() => undefined} />);
    await user.type(field('Nome'), 'P');
    await user.clear(field('Usuários'));
    await user.clear(field('Conexões'));
    await user.click(screen.getByTestId('plan-save'));

    await expectFieldError('Nome', 'Informe pelo menos 2 caracteres.');
    await expectFieldError('Usuários', 'Este campo é obrigatório.');
    await expectFieldError('Conexões', 'Este campo é obrigatório.');
    expect(api.calls).toEqual([]);
  });

  it('sends a body the schema accepts', async () => {
    const api = fakeApi({ 'POST /plans': ({ body }) => ({ status: 201, body: { id: 9, ...(body as object) } }) });
    const onClose = vi.fn();
    const { user } = renderWithApp(<PlanFormModal plan={null} onClose={onClose} />);
    await user.type(field('Nome'), '  Básico ');
    await user.clear(field('Usuários'));
    await user.type(field('Usuários'), '5');
    await user.click(screen.getByTestId('plan-save'));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.calls.map((call) => [call.method, call.path])).toEqual([['POST', '/plans']]);
    const body = api.calls[0].body;
    expect(planBodySchema.safeParse(body).success).toBe(true);
    expect(body).toEqual({ name: 'Básico', value: 0, connections: 1, users: 5, trial: false, trialDays: 0 });
  });

  it('an edit sends PUT /plans/:id a body its schema accepts, untouched fields as stored', async () => {
    const api = fakeApi({ 'PUT /plans/:id': ({ body }) => ({ body: { ...PLAN, ...(body as object) } }) });
    const onClose = vi.fn();
    const { user } = renderWithApp(<PlanFormModal plan={PLAN} onClose={onClose} />);
    await user.clear(field('Nome'));
    await user.type(field('Nome'), 'Pro+');
    await user.click(screen.getByTestId('plan-save'));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.calls[0].path).toBe('/plans/4');
    expect(updatePlanBodySchema.safeParse(api.calls[0].body).success).toBe(true);
    expect(api.calls[0].body).toEqual({ name: 'Pro+', value: 199, connections: 3, users: 10, trial: true, trialDays: 7 });
  });
});
