import { createTenantBodySchema, SECRET_MASK, updateTenantBodySchema, type Tenant } from '@conversa/shared';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fetch';
import { expectFieldError, field } from '../../../test/form';
import { renderWithApp } from '../../../test/render';
import { TenantFormModal } from './TenantFormModal';

const TENANT: Tenant = {
  id: 5,
  status: 'active',
  name: 'Loja Azul',
  maxUsers: 10,
  maxConnections: 2,
  identity: null,
  paymentToken: null,
  paymentCustomerId: null,
  paymentActive: false,
  trial: true,
  trialDays: 7,
  hideUnoficial: false,
  planId: null,
  userCount: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the tenant form validates with the server schema (createTenantBodySchema / updateTenantBodySchema)', () => {
  it('refuses an invalid CPF/CNPJ, an empty limit and a bad first administrator, translated under each field, and sends nothing', async () => {
    const api = fakeApi({ 'POST /tenants': ({ body }) => ({ status: 201, body: { ...TENANT, ...(body as object) } }) });
    const { user } = renderWithApp(<TenantFormModal tenant={null} plans={[]} onClose={() => undefined} />);
    await user.type(field('Nome'), 'Loja Verde');
    await user.type(field('CPF/CNPJ'), '111.111.111-11');
    await user.clear(field('Máximo de usuários'));
    await user.click(field('Criar o primeiro administrador da empresa'));
    await user.type(field('E-mail do administrador'), 'admin@');
    await user.type(field('Senha do administrador'), '1234567');
    await user.click(screen.getByTestId('tenant-save'));

    await expectFieldError('CPF/CNPJ', 'CPF/CNPJ inválido.');
    await expectFieldError('Máximo de usuários', 'Este campo é obrigatório.');
    await expectFieldError('Nome do administrador', 'Este campo é obrigatório.');
    await expectFieldError('E-mail do administrador', 'E-mail inválido.');
    await expectFieldError(
      'Senha do administrador',
      'A senha deve ter pelo menos 7 caracteres, com letras, números e um caractere especial.',
    );
    expect(api.calls).toEqual([]);
  });

  it('sends a body the schema accepts', async () => {
    const api = fakeApi({ 'POST /tenants': ({ body }) => ({ status: 201, body: { ...TENANT, ...(body as object) } }) });
    const onClose = vi.fn();
    const { user } = renderWithApp(<TenantFormModal tenant={null} plans={[]} onClose={onClose} />);
    await user.type(field('Nome'), 'Loja Verde');
    await user.type(field('CPF/CNPJ'), '529.982.247-25');
    await user.click(screen.getByTestId('tenant-save'));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(createTenantBodySchema.safeParse(api.calls[0].body).success).toBe(true);
    expect(api.calls[0].body).toEqual({
      status: 'active',
      name: 'Loja Verde',
      maxUsers: 1,
      maxConnections: 1,
      identity: '529.982.247-25',
      paymentToken: null,
      paymentCustomerId: null,
      paymentActive: false,
      trial: false,
      trialDays: 0,
      hideUnoficial: false,
      planId: null,
    });
  });

  it("a plan with a value turns the payment provider on (billed like a sign-up, issue 15) with the plan's trial", async () => {
    const plans = [
      { id: 3, name: 'Essencial', value: 149.9, users: 5, connections: 2, trial: true, trialDays: 7 },
      { id: 4, name: 'Grátis', value: 0, users: 2, connections: 1, trial: false, trialDays: 0 },
    ];
    const api = fakeApi({ 'POST /tenants': ({ body }) => ({ status: 201, body: { ...TENANT, ...(body as object) } }) });
    const onClose = vi.fn();
    const { user } = renderWithApp(<TenantFormModal tenant={null} plans={plans} onClose={onClose} />);
    await user.type(field('Nome'), 'Loja Verde');
    await user.selectOptions(field('Plano'), '4');
    expect(field('Provedor de pagamento ativo')).not.toBeChecked();
    await user.selectOptions(field('Plano'), '3');
    expect(field('Provedor de pagamento ativo')).toBeChecked();
    await user.click(screen.getByTestId('tenant-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.calls[0].body).toMatchObject({ planId: 3, maxUsers: 5, maxConnections: 2, paymentActive: true, trial: true, trialDays: 7 });
  });

  it('the operator exempts a company on a plan with a value by switching the payment provider off', async () => {
    const plans = [{ id: 3, name: 'Essencial', value: 149.9, users: 5, connections: 2, trial: true, trialDays: 7 }];
    const api = fakeApi({ 'POST /tenants': ({ body }) => ({ status: 201, body: { ...TENANT, ...(body as object) } }) });
    const onClose = vi.fn();
    const { user } = renderWithApp(<TenantFormModal tenant={null} plans={plans} onClose={onClose} />);
    await user.type(field('Nome'), 'Loja Isenta');
    await user.selectOptions(field('Plano'), '3');
    await user.click(field('Provedor de pagamento ativo'));
    await user.click(screen.getByTestId('tenant-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.calls[0].body).toMatchObject({ planId: 3, paymentActive: false });
  });

  it("an edit is checked by PUT /tenants/:id's schema and keeps the stored values it did not touch", async () => {
    const api = fakeApi({ 'PUT /tenants/:id': ({ body }) => ({ body: { ...TENANT, ...(body as object) } }) });
    const onClose = vi.fn();
    const { user } = renderWithApp(<TenantFormModal tenant={TENANT} plans={[]} onClose={onClose} />);
    await user.clear(field('Máximo de conexões'));
    await user.click(screen.getByTestId('tenant-save'));
    await expectFieldError('Máximo de conexões', 'Este campo é obrigatório.');
    expect(api.calls).toEqual([]);

    await user.type(field('Máximo de conexões'), '4');
    await user.click(screen.getByTestId('tenant-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.calls[0].path).toBe('/tenants/5');
    expect(updateTenantBodySchema.safeParse(api.calls[0].body).success).toBe(true);
    expect(api.calls[0].body).toMatchObject({ maxUsers: 10, maxConnections: 4, trial: true, trialDays: 7, status: 'active' });
  });

  it('a stored payment token shows only as the mask, which is sent back to keep it; a cleared field removes it', async () => {
    const api = fakeApi({ 'PUT /tenants/:id': ({ body }) => ({ body: { ...TENANT, ...(body as object) } }) });
    const onClose = vi.fn();
    const stored = { ...TENANT, paymentToken: SECRET_MASK };
    const first = renderWithApp(<TenantFormModal tenant={stored} plans={[]} onClose={onClose} />);
    expect(field('Token do provedor de pagamento')).toHaveValue(SECRET_MASK);
    expect(screen.getByText(/Um token está guardado \(não é mostrado\)/)).toBeInTheDocument();
    await first.user.click(screen.getByTestId('tenant-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(api.calls[0].body).toMatchObject({ paymentToken: SECRET_MASK });
    first.unmount();

    const second = renderWithApp(<TenantFormModal tenant={stored} plans={[]} onClose={onClose} />);
    await second.user.clear(field('Token do provedor de pagamento'));
    await second.user.click(screen.getByTestId('tenant-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(2));
    expect(api.calls[1].body).toMatchObject({ paymentToken: null });
  });

  it('a company without a stored token gets no hint about one', () => {
    renderWithApp(<TenantFormModal tenant={TENANT} plans={[]} onClose={() => undefined} />);
    expect(field('Token do provedor de pagamento')).toHaveValue('');
    expect(screen.queryByText(/Um token está guardado/)).not.toBeInTheDocument();
  });
});

describe('the tenant form: plans, limits, trials and names', () => {
  const plans = [
    { id: 3, name: 'Essencial', value: 149.9, users: 5, connections: 2, trial: true, trialDays: 14 },
    { id: 4, name: 'Grátis', value: 0, users: 2, connections: 1, trial: false, trialDays: 0 },
  ];

  it("choosing another plan on an edit fills the plan's limits, keeping the company's trial and billing", async () => {
    const api = fakeApi({ 'PUT /tenants/:id': ({ body }) => ({ body: { ...TENANT, ...(body as object) } }) });
    const onClose = vi.fn();
    const { user } = renderWithApp(<TenantFormModal tenant={{ ...TENANT, paymentActive: true }} plans={plans} onClose={onClose} />);
    await user.selectOptions(field('Plano'), '4');
    expect(field('Máximo de usuários')).toHaveValue('2');
    expect(field('Máximo de conexões')).toHaveValue('1');
    // The operator may still type other limits before saving.
    await user.selectOptions(field('Plano'), '3');
    await user.clear(field('Máximo de conexões'));
    await user.type(field('Máximo de conexões'), '3');
    await user.click(screen.getByTestId('tenant-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.calls[0].body).toMatchObject({ planId: 3, maxUsers: 5, maxConnections: 3, trial: true, trialDays: 7, paymentActive: true });
  });

  it("shows the server's refusal of a limit below the company's usage under the field, with the count", async () => {
    fakeApi({
      'PUT /tenants/:id': () => ({
        status: 400,
        body: {
          error: 'ERR_VALIDATION',
          message: 'The company already has 5 users; remove users before lowering the limit.',
          fields: { maxUsers: ['The company already has 5 users; remove users before lowering the limit.'] },
          issues: { maxUsers: [{ code: 'custom', rule: 'limitBelowUsers', minimum: 5 }] },
        },
      }),
    });
    const { user } = renderWithApp(<TenantFormModal tenant={TENANT} plans={[]} onClose={() => undefined} />);
    await user.clear(field('Máximo de usuários'));
    await user.type(field('Máximo de usuários'), '4');
    await user.click(screen.getByTestId('tenant-save'));
    await expectFieldError('Máximo de usuários', 'A empresa já tem 5 usuários; remova usuários antes de baixar o limite.');
  });

  it('refuses a trial switched on with 0 days under its days, and sends nothing', async () => {
    const api = fakeApi({ 'PUT /tenants/:id': ({ body }) => ({ body: { ...TENANT, ...(body as object) } }) });
    const { user } = renderWithApp(<TenantFormModal tenant={TENANT} plans={[]} onClose={() => undefined} />);
    await user.clear(field('Período de teste (dias)'));
    await user.type(field('Período de teste (dias)'), '0');
    await user.click(screen.getByTestId('tenant-save'));
    await expectFieldError('Período de teste (dias)', 'Um período de teste dura pelo menos 1 dia.');
    expect(api.calls).toEqual([]);
  });

  it('points out a name another company has (trimmed, any case) without refusing it; the company itself does not count', async () => {
    const api = fakeApi({ 'POST /tenants': ({ body }) => ({ status: 201, body: { ...TENANT, ...(body as object) } }) });
    const onClose = vi.fn();
    const others = [TENANT, { ...TENANT, id: 8, name: 'Loja Verde' }];
    const { user, unmount } = renderWithApp(<TenantFormModal tenant={null} plans={[]} tenants={others} onClose={onClose} />);
    await user.type(field('Nome'), ' loja VERDE ');
    expect(screen.getByTestId('tenant-name-taken')).toHaveTextContent(
      'Já existe uma empresa chamada Loja Verde. Confira se não é a mesma antes de salvar.',
    );
    await user.click(screen.getByTestId('tenant-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.calls[0].body).toMatchObject({ name: 'loja VERDE' });
    unmount();

    renderWithApp(<TenantFormModal tenant={TENANT} plans={[]} tenants={others} onClose={() => undefined} />);
    expect(screen.queryByTestId('tenant-name-taken')).not.toBeInTheDocument();
  });
});
