import { planBodySchema, updatePlanBodySchema, type AdminPlan } from '@conversa/shared';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fetch';
import { expectFieldError, field } from '../../../test/form';
import { renderWithApp } from '../../../test/render';
import { PlanFormModal } from './PlanFormModal';

const PLAN: AdminPlan = { id: 4, name: 'Pro', value: 199, connections: 3, users: 10, trial: true, trialDays: 7, companies: 0 };

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

describe("a plan's limits reach the companies on it", () => {
  it('asks before saving new limits of a plan companies are on, naming how many; cancelling sends nothing', async () => {
    const api = fakeApi({ 'PUT /plans/:id': ({ body }) => ({ body: { ...PLAN, ...(body as object) } }) });
    const onClose = vi.fn();
    const { user } = renderWithApp(<PlanFormModal plan={{ ...PLAN, companies: 2 }} onClose={onClose} />);
    await user.clear(field('Usuários'));
    await user.type(field('Usuários'), '12');
    await user.click(screen.getByTestId('plan-save'));

    expect(
      await screen.findByText('2 empresas usam este plano; os novos limites de usuários e conexões valem para elas.'),
    ).toBeInTheDocument();
    expect(api.calls).toEqual([]);
    // The confirmation's own Cancel (the form has one too).
    await user.click(screen.getAllByRole('button', { name: 'Cancelar' }).at(-1)!);
    await waitFor(() => expect(screen.queryByText(/empresas usam este plano/)).not.toBeInTheDocument());
    expect(api.calls).toEqual([]);

    await user.click(screen.getByTestId('plan-save'));
    await screen.findByText(/2 empresas usam este plano/);
    await user.click(screen.getAllByRole('button', { name: 'Salvar' }).at(-1)!);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.calls.map((call) => [call.method, call.path])).toEqual([['PUT', '/plans/4']]);
    expect(api.calls[0].body).toMatchObject({ users: 12, connections: 3 });
  });

  it('saves without asking when the limits are unchanged, or no company is on the plan', async () => {
    const api = fakeApi({ 'PUT /plans/:id': ({ body }) => ({ body: { ...PLAN, ...(body as object) } }) });
    const onClose = vi.fn();
    const first = renderWithApp(<PlanFormModal plan={{ ...PLAN, companies: 2 }} onClose={onClose} />);
    await first.user.clear(field('Nome'));
    await first.user.type(field('Nome'), 'Pro Max');
    await first.user.click(screen.getByTestId('plan-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    first.unmount();

    const second = renderWithApp(<PlanFormModal plan={PLAN} onClose={onClose} />);
    await second.user.clear(field('Conexões'));
    await second.user.type(field('Conexões'), '1');
    await second.user.click(screen.getByTestId('plan-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(2));
    expect(api.calls).toHaveLength(2);
    expect(screen.queryByText(/usam este plano/)).not.toBeInTheDocument();
  });

  it("shows the server's refusal of a limit companies already exceed under the field, translated with their count", async () => {
    fakeApi({
      'PUT /plans/:id': () => ({
        status: 400,
        body: {
          error: 'ERR_VALIDATION',
          message: '1 company on this plan has more users than that.',
          fields: { users: ['1 company on this plan has more users than that.'] },
          issues: { users: [{ code: 'custom', rule: 'planBelowUsers', minimum: 1 }] },
        },
      }),
    });
    const { user } = renderWithApp(<PlanFormModal plan={{ ...PLAN, companies: 1 }} onClose={() => undefined} />);
    await user.clear(field('Usuários'));
    await user.type(field('Usuários'), '2');
    await user.click(screen.getByTestId('plan-save'));
    await user.click((await screen.findAllByRole('button', { name: 'Salvar' })).at(-1)!);
    await expectFieldError(
      'Usuários',
      '1 empresa deste plano já tem mais usuários que isso; aumente o limite dela ou mude-a de plano antes.',
    );
  });
});

describe('the plan form: names and trials', () => {
  it('shows a name another plan has under the name (409 ERR_PLAN_NAME_TAKEN)', async () => {
    fakeApi({
      'POST /plans': () => ({
        status: 409,
        body: {
          error: 'ERR_PLAN_NAME_TAKEN',
          message: 'A plan with this name already exists.',
          fields: { name: ['Already used'] },
          issues: { name: [{ code: 'ERR_PLAN_NAME_TAKEN' }] },
        },
      }),
    });
    const { user } = renderWithApp(<PlanFormModal plan={null} onClose={() => undefined} />);
    await user.type(field('Nome'), 'Pro');
    await user.click(screen.getByTestId('plan-save'));
    await expectFieldError('Nome', 'Já existe um plano com este nome.');
  });

  it('refuses a trial switched on with 0 days under its days, and sends nothing', async () => {
    const api = fakeApi({ 'POST /plans': ({ body }) => ({ status: 201, body: { id: 9, ...(body as object) } }) });
    const { user } = renderWithApp(<PlanFormModal plan={null} onClose={() => undefined} />);
    await user.type(field('Nome'), 'Teste');
    await user.click(field(/^Período de teste$/));
    await user.click(screen.getByTestId('plan-save'));
    await expectFieldError('Período de teste (dias)', 'Um período de teste dura pelo menos 1 dia.');
    expect(api.calls).toEqual([]);
  });
});
